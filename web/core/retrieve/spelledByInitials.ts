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

/**
 * Whether a long form spells `acronym` by the initials of its words, in order, its first and last words
 * taking the first and last letters, other words allowed between: "International Ki67 in Breast Cancer
 * Working Group" spells IKWG; "Security Sensitivity Level XPath Query" does not spell SSP, though its
 * letters occur in it in order.
 */
export function initialsInOrder(acronym: string, longForm: string): boolean {
  const letters = [...acronym.toLowerCase()]
  const initials = [...longForm.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].map(([word]) => word[0]!)
  if (letters.length < 2 || initials.length < letters.length) return false
  if (initials[0] !== letters[0] || initials.at(-1) !== letters.at(-1)) return false
  let at = 0
  for (const initial of initials) if (initial === letters[at]) at++
  return at >= letters.length
}
