/** Shorter words are left alone: one letter more or less turns "Tesla" into another word too easily. */
const MIN_LENGTH = 6

/**
 * Whether a question's word is a slip of the keys away from a document's word: one letter missed
 * ("Sentanta" / "Setanta", "ARPNET" / "ARPANET"), one letter too many, or two neighbours swapped
 * ("Carslbad" / "Carlsbad"), both at least MIN_LENGTH letters with the same first letter. A changed
 * letter is not a slip here: "Boeing" / "boring" differ by one, and a company no document names must
 * stay absent. A word typed without its accents is the word. So is one the document writes as two
 * ("superbowl" / "super" "bowl"): pass the document's next word as `next`.
 *
 * People type names from memory; a name the documents spell a letter differently is still the name
 * they hold, and answering "not in the documents" for it is the false refusal people complain about.
 */
export function closeSpelling(typed: string, word: string, next?: string): boolean {
  if (typed === word) return false
  if (next !== undefined && word.length >= 3 && next.length >= 3 && typed === word + next) return true
  // "Maiziere" typed for "Maizière": a keyboard without the accent, not another name.
  if (!ASCII.test(word)) return ASCII.test(typed) && withoutMarks(word) === typed
  const difference = typed.length - word.length
  if (difference > 1 || difference < -1 || typed[0] !== word[0]) return false
  if (Math.min(typed.length, word.length) < MIN_LENGTH || /\d/u.test(typed)) return false
  if (difference === 0) return swapsNeighbours(typed, word)
  return difference === 1 ? dropsOne(typed, word) : dropsOne(word, typed)
}

const ASCII = /^[\x20-\x7e]*$/u

function withoutMarks(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC')
}

/** `long` without one of its letters is `short`. */
function dropsOne(long: string, short: string): boolean {
  let i = 0
  while (i < short.length && long[i] === short[i]) i++
  return long.slice(i + 1) === short.slice(i)
}

/** `a` is `b` with two neighbouring letters swapped. */
function swapsNeighbours(a: string, b: string): boolean {
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
}
