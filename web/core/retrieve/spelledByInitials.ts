/**
 * Whether consecutive words of `sequence` (search terms: stop words such as "of" and "and" are
 * already gone) start with the letters of `acronym`, in order: "ceo" in chief, executive, officer;
 * "eps" in earnings, per, share. A general reading of an acronym, not a list of them; it cannot see
 * a clipped compound ("capex": the starts of capital, expenditures), which `clippedRun` reads.
 */
export function spelledByInitials(acronym: string, sequence: readonly string[]): boolean {
  return initialsRun(acronym, sequence) !== null
}

/** The words of `sequence` that spell `acronym` by their initials (`spelledByInitials`), or null. */
export function initialsRun(acronym: string, sequence: readonly string[]): string[] | null {
  const letters = [...acronym]
  if (letters.length < 2 || !/^\p{L}+$/u.test(acronym)) return null
  for (let start = 0; start + letters.length <= sequence.length; start++) {
    if (letters.every((letter, i) => sequence[start + i]!.startsWith(letter)))
      return sequence.slice(start, start + letters.length)
  }
  return null
}
