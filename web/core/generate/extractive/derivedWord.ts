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
