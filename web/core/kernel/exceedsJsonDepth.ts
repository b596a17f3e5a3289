/**
 * How deeply a request's JSON may nest. Real bodies stay under ten levels (a page's layout is the
 * deepest); the limit only has to sit far below what recursive code can take: `JSON.stringify`, zod
 * and structured cloning recurse once per level, and overflow the stack at a few thousand levels,
 * which a 200 KB body of `[` reaches.
 */
export const MAX_JSON_DEPTH = 128

export const TOO_DEEP_JSON_DETAIL = `Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels of arrays and objects)`

/**
 * Whether JSON text nests arrays and objects more than `max` levels deep. It scans the text (strings
 * skipped, escapes included) without parsing it, so the check itself never recurses.
 */
export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === 0x5c)
        index++ // backslash: the next character is escaped
      else if (code === 0x22) inString = false
    } else if (code === 0x22) inString = true
    else if (code === 0x5b || code === 0x7b) {
      depth++
      if (depth > max) return true
    } else if (code === 0x5d || code === 0x7d) depth--
  }
  return false
}
