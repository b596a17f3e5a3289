import { knownWord } from './englishReader'

/** Contractions people type are short ("supt", "mtg", "mgmt"); longer unknown words are names or slips. */
const MIN_LETTERS = 3
const MAX_LETTERS = 5
/** The word contracted is at least this many letters longer ("yrs" / "years"). */
const MIN_DROPPED = 2

/**
 * Whether `typed` is a contraction of `word` as people write one: its letters in order within the word,
 * the first and the last kept ("supt" / "superintendent", "mtg" / "meeting", "govt" / "government",
 * "pkg" / "package" with a silent final "e" dropped), at least MIN_DROPPED letters shorter. Only a typed
 * word the English lexicon does not list counts: "pet" is a word, not "parliament". A rule, as
 * `clippedRun` reads "capex" and `closeSpelling` a slip, not a list of abbreviations.
 */
export function contractedWord(typed: string, word: string): boolean {
  if (typed.length < MIN_LETTERS || typed.length > MAX_LETTERS || !/^\p{Ll}+$/u.test(typed)) return false
  if (word.length < typed.length + MIN_DROPPED || typed[0] !== word[0]) return false
  const last = typed.at(-1)
  const end = word.endsWith('e') && word.at(-2) === last ? word.length - 1 : word.length
  if (word[end - 1] !== last) return false
  let at = 1
  for (let i = 1; i < end - 1 && at < typed.length - 1; i++) if (word[i] === typed[at]) at++
  return at === typed.length - 1 && !knownWord(typed)
}
