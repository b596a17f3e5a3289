/** A variant ("tree" / "trees", "compile" / "compiled") counts for less than the word itself. */
export const VARIANT_MATCH = 0.7
const MIN_STEM = 4
const MAX_SUFFIX = 3
/** Three-letter words vary only by these endings ("die" / "died", "car" / "cars", not "car" / "cart"). */
const SHORT_STEM_SUFFIXES = new Set(['s', 'es', 'd', 'ed'])

/**
 * How well a word matches a question term: 1 for the term itself, VARIANT_MATCH for a form that
 * extends it or that it extends by a short suffix (at least four shared characters, or three with a
 * plural or past ending), else 0.
 * Suffix matching is crude but needs no per-language stemmer; it cannot join unrelated words that
 * share only a prefix ("trace" / "tracking" differ by more than a suffix). Character bigrams of
 * unspaced scripts are two characters long and only match exactly.
 */
export function matchWord(term: string, word: string): number {
  if (term === word) return 1
  return isVariant(term, word) ? VARIANT_MATCH : 0
}

function isVariant(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  if (!long.startsWith(short) || long === short) return false
  const suffix = long.slice(short.length)
  if (short.length === MIN_STEM - 1) return SHORT_STEM_SUFFIXES.has(suffix)
  return short.length >= MIN_STEM && suffix.length <= MAX_SUFFIX
}
