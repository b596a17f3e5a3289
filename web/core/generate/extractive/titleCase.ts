/** "Nested Trace Tree Formation", "Results and Discussion": most words capitalised, a heading. */
export function titleCase(words: readonly string[]): boolean {
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word)).length
  return capitalised >= words.length * 0.6
}
