/**
 * Whether `sequence` (search terms in order) holds `phrase`'s terms one after another, each word the
 * same as its term by `same` (equal, unless told otherwise). A defined term's long form counts only as
 * the phrase it is: "Chief Executive Officer" is not in "Global Chief Financial Officer … (“Executive”)",
 * which holds its three words apart.
 */
export function holdsPhrase(
  sequence: readonly string[],
  phrase: readonly string[],
  same: (word: string, term: string) => boolean = (word, term) => word === term,
): boolean {
  if (phrase.length === 0) return false
  for (let start = 0; start + phrase.length <= sequence.length; start++) {
    if (phrase.every((term, i) => same(sequence[start + i]!, term))) return true
  }
  return false
}

/**
 * `sequence` with the words of each of the `longer` phrases it holds blanked: a defined term's long form
 * ("accessory dwelling unit") or its initials inside another term's ("junior accessory dwelling unit")
 * name the other, and are not found in what is left.
 */
export function outsidePhrases(
  sequence: readonly string[],
  longer: ReadonlyArray<readonly string[]> = [],
): readonly string[] {
  if (longer.length === 0) return sequence
  const left = [...sequence]
  for (const phrase of longer) {
    for (let start = 0; start + phrase.length <= sequence.length; start++) {
      if (phrase.length > 0 && phrase.every((term, i) => sequence[start + i] === term))
        left.fill('', start, start + phrase.length)
    }
  }
  return left
}
