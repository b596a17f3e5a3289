/** Characters code and data (JSON, a program) are written with, and prose rarely: braces, double quotes, semicolons. */
const CODE_SIGNS = /[{}";]/gu
/** At least this many of them, */
const MIN_SIGNS = 6
/** and at least this many per word. */
const SIGNS_PER_WORD = 0.5

/**
 * Whether a text is code or data rather than a sentence (`{ "links":[{ "href": "https://…", "rel":
 * "avatar" }, …`, `if (x == null) { return; }`): half as many of code's signs as it has words, or more.
 * A sentence quoting a name or two is prose, and so is an XPath or a path ("/rlink[@href]") a question
 * may ask for.
 */
export function codeText(text: string): boolean {
  const signs = text.match(CODE_SIGNS)?.length ?? 0
  return signs >= MIN_SIGNS && signs / Math.max(1, text.split(/\s+/u).length) >= SIGNS_PER_WORD
}
