/**
 * "How does a boots self locking nut work", "how do workers work in fastapi", "explain how drop works":
 * the ask is for a mechanism, which a document explains over a few sentences ("…of one piece, all-metal
 * construction. Note that it is essentially two nuts in one… The two sections are connected with a
 * spring…"), not in the one that repeats the ask's words best.
 */
const HOW_IT_WORKS =
  /^(?:how\s+(?:does|do|did|can|will|would)\s+.+\s+work|(?:explain|describe)\s+how\s+.+\s+works?|how\s+.+\s+works)\b/iu

/** Whether `ask` asks how something works (`HOW_IT_WORKS`). */
export function howItWorks(ask: string): boolean {
  return HOW_IT_WORKS.test(ask.trim())
}
