/**
 * Rewrites the citation forms models write instead of the asked-for [n] into [n]: "[1, 2]" and
 * "[1 and 2]" -> "[1][2]", "[Source 1]" / "[source 1]" -> "[1]", "[^1]" -> "[1]", "【1】" -> "[1]".
 * Plain "[1]" passes unchanged. Only bracketed numbers that are all source numbers
 * are touched; anything else ("[sic]", "array[10]", "[7]" with five sources) stays exactly as
 * written, so no text is ever lost.
 *
 * Works on a stream of deltas: from an opening bracket the text is held back until the bracket closes,
 * or until it clearly is no citation (longer than MAX_HELD, a line break), so a citation split across
 * deltas ("[", "1", "]") is still seen whole. Everything else passes through at once.
 */
const MAX_HELD = 40
const OPENING = new Set(['[', '【'])
const CLOSING = new Set([']', '】'])
const CITATION =
  /^\s*\^?\s*(?:(?:sources?|src|ref|doc)\s*#?\s*)?\d+(?:\s*(?:,|;|&|and)\s*(?:(?:sources?|src|ref|doc)\s*#?\s*)?\d+)*\s*$/i

export async function* normalizeCitations(
  deltas: AsyncIterable<string>,
  sourceNumbers: ReadonlySet<number>,
): AsyncGenerator<string> {
  let held = ''
  for await (const delta of deltas) {
    let out = ''
    for (const character of delta) {
      if (held === '') {
        if (OPENING.has(character)) held = character
        else out += character
        continue
      }
      if (CLOSING.has(character)) {
        out += rewrite(held + character, sourceNumbers)
        held = ''
      } else if (OPENING.has(character)) {
        out += held
        held = character
      } else if (character === '\n' || held.length >= MAX_HELD) {
        out += held + character
        held = ''
      } else {
        held += character
      }
    }
    if (out !== '') yield out
  }
  if (held !== '') yield held
}

function rewrite(bracketed: string, sourceNumbers: ReadonlySet<number>): string {
  const inner = bracketed.slice(1, -1)
  if (!CITATION.test(inner)) return bracketed
  const numbers = [...new Set((inner.match(/\d+/g) ?? []).map(Number))]
  if (!numbers.every((n) => sourceNumbers.has(n))) return bracketed
  return numbers.map((n) => `[${n}]`).join('')
}
