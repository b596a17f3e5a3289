/** Nouns for a web API's entry points: what a request line is an instance of. A closed class. */
const ENDPOINT_WORD = /^(?:endpoint|endpoints|route|routes)$/u

/** An HTTP request line, a method and a path: "POST /api/generate", "`DELETE /api/delete`". */
const REQUEST_LINE = /(?:^|[\s`])(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\/[^\s`]*/u

/** Whether a word of the question (its search term) names an API's entry point: "endpoint", "route". */
export function endpointWord(term: string): boolean {
  return ENDPOINT_WORD.test(term)
}

/**
 * Whether a text prints an HTTP request line: an API document's way of naming an endpoint, under the
 * heading saying what it does ("Delete a Model" over "DELETE /api/delete"), never in the word "endpoint".
 */
export function printsRequestLine(text: string): boolean {
  return REQUEST_LINE.test(text)
}
