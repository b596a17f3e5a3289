/** Each of the two words gives at least this many of its first letters ("op" + "ex"). */
const MIN_PART = 2
/** A clipping shorter than this ("ad") is as likely a word of its own. */
const MIN_CLIPPED = 4
/** The words it clips are content words: "capital expenditures", not "in" + "come". */
const MIN_WORD = 4

/**
 * The two consecutive words of `sequence` (search terms) that `word` clips, the start of each joined,
 * or null: "capex" in capital, expenditures; "opex" in operating, expenses; "fintech" in financial,
 * technology. The reading of a clipped compound, as `initialsRun` reads an acronym: a rule, not a list
 * of abbreviations. Callers try it only for a word the text does not contain as it is, and count it
 * for less than the word itself: two words can happen to start so ("capacity expansion").
 */
export function clippedRun(word: string, sequence: readonly string[]): [string, string] | null {
  if (word.length < MIN_CLIPPED || !/^\p{Ll}+$/u.test(word)) return null
  for (let i = 0; i + 1 < sequence.length; i++) {
    const first = sequence[i]!
    const second = sequence[i + 1]!
    if (first.length < MIN_WORD || second.length < MIN_WORD || first[0] !== word[0]) continue
    for (let cut = MIN_PART; cut <= word.length - MIN_PART; cut++) {
      if (first.startsWith(word.slice(0, cut)) && second.startsWith(word.slice(cut)) && first !== word)
        return [first, second]
    }
  }
  return null
}
