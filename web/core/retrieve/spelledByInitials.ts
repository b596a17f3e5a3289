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

/** Words of two letters or more that spell the acronym by their initials, if any. */
export function wordsRun(acronym: string, sequence: readonly string[]): string[] | null {
  const run = initialsRun(acronym, sequence)
  return run && run.every((word) => word.length > 1) ? run : null
}

/**
 * The words of `sequence` (`text`'s search terms) that spell `acronym` by their initials where `text`
 * prints them as a name, each capitalised ("Union School District" for "usd"), or null. Initials alone
 * are read into any run of words ("cash flow from operations" for CFO); a name is what an acronym
 * stands for.
 */
export function capitalisedRun(acronym: string, text: string, sequence: readonly string[]): string[] | null {
  const run = wordsRun(acronym, sequence)
  return run && capitalised(text, run) ? run : null
}

/** Whether the text prints these words in order, each capitalised, with at most short words between. */
function capitalised(text: string, run: readonly string[]): boolean {
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map(([word]) => word)
  for (let start = 0; start < words.length; start++) {
    let at = start
    let matched = 0
    while (at < words.length && matched < run.length) {
      const word = words[at]!
      if (word.toLowerCase() === run[matched] && /^\p{Lu}/u.test(word)) matched++
      else if (matched === 0 || word.length > 4) break
      at++
    }
    if (matched === run.length) return true
  }
  return false
}
