/** An answer as server tests read it: the status, the raw text, and the JSON body ({} when there is none). */
export interface JsonAnswer {
  status: number
  text: string
  body: Record<string, unknown>
}

/**
 * One request to a test server with an optional JSON body and extra headers (a person's credentials).
 * The body is parsed only when the answer is JSON, so a stream (`text/event-stream`) or an empty 204
 * answers `{}` and its text. The form the server suites each wrote out as their own `api` helper.
 */
export async function callJson(
  url: string,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  const text = await response.text()
  const isJson = (response.headers.get('content-type') ?? '').includes('json')
  return {
    status: response.status,
    text,
    body: (isJson && text ? JSON.parse(text) : {}) as Record<string, unknown>,
  }
}
