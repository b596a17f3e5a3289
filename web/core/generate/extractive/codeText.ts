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
  return (
    (signs >= MIN_SIGNS && signs / Math.max(1, text.split(/\s+/u).length) >= SIGNS_PER_WORD) ||
    STATEMENT.test(text.trim()) ||
    BLOCK_OPENING.test(text)
  )
}

/**
 * A block of a program opened after a condition's or a parameter list's bracket (`if (isReady(doc)) {`,
 * `(req, res) => {`): prose never opens a brace right after a closing bracket or an arrow.
 */
const BLOCK_OPENING = /(?:\)|=>)\s*\{/u

/**
 * One statement of a program a README shows, with few of code's signs: a declaration (`const app = new
 * Koa();`), an import, an assignment (`ctx.body = 'Hello';`), a call (`Comlink.expose(obj, port);`), ending
 * on its semicolon. It names the question's words ("what port does comlink listen on") and answers none. A
 * call is a name joined to its bracket, which prose does not write ("Employer (as defined) shall pay;").
 */
const STATEMENT =
  /^(?:(?:const|let|var)\s+[^=]+=.*|import\s.+|[\p{L}_$][\p{L}\p{N}_$.]*(?:\[[^\]]*\])?\s*=(?!=).*|(?:await\s+|return\s+|new\s+)?[\p{L}_$][\p{L}\p{N}_$.]*\(.*\))\s*;$/u
