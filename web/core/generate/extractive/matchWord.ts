import { wordForm } from './wordForms'

export { wordForm }

/** A variant ("tree" / "trees", "won" / "win") counts for less than the word itself. */
export const VARIANT_MATCH = 0.7
const MIN_STEM = 4
const MAX_SUFFIX = 3
/** Three-letter words vary only by these endings ("die" / "died", "car" / "cars", not "car" / "cart"). */
const SHORT_STEM_SUFFIXES = new Set(['s', 'es', 'd', 'ed'])

/**
 * How well a word matches a question term: 1 for the term itself, VARIANT_MATCH for another form of it
 * (the same `wordForm`: irregular verbs and plurals, Porter2 stems, "lose" / "lost", "election" /
 * "elected"; or `extendsWord`), else 0. To check a term against many words, compare their `wordForm`s
 * once per word and call `extendsWord` for the rest.
 */
export function matchWord(term: string, word: string): number {
  if (term === word) return 1
  return wordForm(term) === wordForm(word) || extendsWord(term, word) ? VARIANT_MATCH : 0
}

/**
 * A word that extends the term, or that the term extends, by a short ending (at least four shared
 * characters, or three with a plural or past ending) is a form of it too: the English word-form
 * libraries do not know names ("Pepsi" / "PepsiCo") or other languages' words, and on the answer
 * benchmark's tuning half the libraries with this rule did as well as without it. Character bigrams of
 * unspaced scripts are two characters long and only match exactly.
 */
export function extendsWord(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  if (!long.startsWith(short) || long === short) return false
  const suffix = long.slice(short.length)
  if (short.length === MIN_STEM - 1) return SHORT_STEM_SUFFIXES.has(suffix)
  return short.length >= MIN_STEM && suffix.length <= MAX_SUFFIX
}
