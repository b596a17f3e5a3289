/** A run of text, marked when it matches one of the query's terms. */
export interface TextPart {
  text: string
  match: boolean
}

/**
 * Splits `text` into runs so the page can wrap the query's words in <mark>. Terms are the query's words of
 * two or more letters or digits, matched case-insensitively anywhere in a word (BM25 matched stems and
 * prefixes too, so "tide" lighting up in "tides" is what a person expects). A query of only short words
 * or punctuation highlights nothing rather than every "a"; common English function words ("the", "did")
 * are skipped too, since marking them draws the eye to nothing.
 */
export function highlightTerms(text: string, query: string): TextPart[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []
  const terms = [...new Set(words.filter((word) => !FUNCTION_WORDS.has(word)))]
  if (terms.length === 0) return [{ text, match: false }]
  // Longest first, so "tides" wins over "tide" where both are terms.
  terms.sort((a, b) => b.length - a.length)
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'giu')
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: isTerm(part, terms) }))
}

const FUNCTION_WORDS = new Set(
  (
    'an and are as at be by did do does for from had has have how in is it its of on or that the this to ' +
    'was were what when where which who why will with'
  ).split(' '),
)

function isTerm(part: string, terms: readonly string[]): boolean {
  return terms.includes(part.toLowerCase())
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
