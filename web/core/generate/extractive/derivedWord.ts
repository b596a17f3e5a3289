/**
 * English endings that make a noun or an agent of a verb ("pay" / "payment", "manage" / "manager",
 * "attend" / "attendee").
 */
const DERIVING = /^(?:ments?|ers?|ors?|ions?|ations?|ees?)$/u
/**
 * The ending of the one who is what a verb says ("attend" / "attendee", "employ" / "employee"): a word
 * that names the same people, which a question's verb can be answered by ("who attended": "Attendees:").
 */
export const ONE_WHO = /^ees?$/u

/**
 * Whether `word` is `stem` with an ending (of `endings`, by default every deriving one) that derives a
 * word of the same sense ("paying": "payment").
 */
export function derivedWord(stem: string, word: string, endings: RegExp = DERIVING): boolean {
  return stem.length >= 3 && word.startsWith(stem) && endings.test(word.slice(stem.length))
}

/**
 * Whether `word` names the one who did what the past form `verb` says, by an agent's ending: "advised" /
 * "advisor" or "adviser", "maintained" / "maintainer", "presented" / "presenter". A question's deed is
 * answered by the line that labels its doer ("who advised the team": "Advisor: Prof. Karen Holt").
 */
export function doerOf(verb: string, word: string): boolean {
  if (verb.length < MIN_DEED_LETTERS || !verb.endsWith('ed')) return false
  const stems = [verb.slice(0, -2), verb.slice(0, -1)]
  return stems.some((stem) => derivedWord(stem, word, DOER))
}

/** "led", "fed": too short a verb to be told from other words by its ending. */
const MIN_DEED_LETTERS = 5
/** The ending of the one who does what a verb says: "advisor", "presenter", "attendee". */
const DOER = /^(?:ors?|ers?|rs?|ees?)$/u
