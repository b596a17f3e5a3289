/** A word must be this long to be looked for inside another: shorter ones sit inside too many by chance. */
const GLUED_MIN = 6

/**
 * Whether `word` is glued inside `token` with other words, as file names write them: "capstone" in
 * "ececapstonespring2015", "review" is too short to say so of "annualwagereview". Letters only: a
 * number inside a longer one is another number.
 */
export function gluedWord(word: string, token: string): boolean {
  return (
    word.length >= GLUED_MIN && token.length > word.length && !/\p{N}/u.test(word) && token.includes(word)
  )
}
