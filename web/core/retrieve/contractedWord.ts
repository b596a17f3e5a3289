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
  if (!shaped(typed) || word.length < typed.length + MIN_DROPPED || typed[0] !== word[0]) return false
  // The lexicon is asked last: it reads the word with wink-nlp, the letters are compared in place.
  return lettersInWord(typed, word) && !knownWord(typed)
}

/**
 * Whether `typed` may be a contraction of some word (`contractedWord`): of its length, in lower-case
 * letters, and unknown to the English lexicon. What a search asks before reading its passages' words.
 */
export function contractionLike(typed: string): boolean {
  return shaped(typed) && !knownWord(typed)
}

/** Of a contraction's length, in lower-case letters. */
function shaped(typed: string): boolean {
  return typed.length >= MIN_LETTERS && typed.length <= MAX_LETTERS && /^\p{Ll}+$/u.test(typed)
}

/** `typed`'s first and last letters are the word's (a final silent "e" aside), the rest in order between. */
function lettersInWord(typed: string, word: string): boolean {
  const last = typed.at(-1)
  const end = word.endsWith('e') && word.at(-2) === last ? word.length - 1 : word.length
  if (word[end - 1] !== last) return false
  let at = 1
  for (let i = 1; i < end - 1 && at < typed.length - 1; i++) if (word[i] === typed[at]) at++
  return at === typed.length - 1
}
