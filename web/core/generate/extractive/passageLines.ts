/**
 * A passage's lines as the extractive answerer reads them: each line's runs of white space one space, trimmed,
 * empty lines left out. A chunk keeps a list's items and a table's rows one a line, and a blank line between
 * blocks; this is its text line by line.
 *
 * A line that goes on the line before is one line with it: a slide's text box broken by hand inside a
 * sentence ("89% of refactorings" over "were done without a tool", "If many refactorings are done without
 * tools," over "then refactoring is even more frequent."). A line goes on when it opens in lower case with
 * an auxiliary verb (no clause opens so), or after a line left open by a comma.
 */
export function passageLines(text: string): string[] {
  const read = text
    .split(/\r\n?|\n/u)
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter((line) => line !== '')
  const lines: string[] = []
  for (const [i, line] of read.entries()) {
    const before = lines.at(-1)
    if (before !== undefined && goesOn(before, line, read[i + 1]))
      lines[lines.length - 1] = `${before} ${line}`
    else lines.push(line)
  }
  return lines
}

/** A verb that helps another: a line opening with one in lower case is the rest of a sentence. */
const OPENS_WITH_AUXILIARY =
  /^(?:were|was|is|are|has|have|had|will|would|can|could|may|might|must|should|shall|does|did|been|being)\s+\p{Ll}/u
/** What opens the rest of a sentence: a word in lower case (a bullet, a digit or a capital opens an item). */
const OPENS_IN_LOWER_CASE = /^\p{Ll}/u
/** A table's row (cells joined by " | ") is a line of its own, whatever it opens with. */
const TABLE_ROW = /\s\|\s/u
/** A sentence ends: a line so ended goes on no further. */
const ENDED = /[.!?…:;]["'”’)\]]*$/u

/**
 * Whether `line` is the rest of the sentence `before` began. Only a lone line: lines in lower case one
 * after another are the items of a list their line introduces ("Do not take ibuprofen if you" over "are
 * allergic to aspirin", "have had a stomach ulcer"), each a line of its own; the last item too.
 */
function goesOn(before: string, line: string, after: string | undefined): boolean {
  if (TABLE_ROW.test(before) || TABLE_ROW.test(line) || ENDED.test(before)) return false
  if (OPENS_IN_LOWER_CASE.test(before)) return false
  if (!OPENS_IN_LOWER_CASE.test(line) || (after !== undefined && OPENS_IN_LOWER_CASE.test(after)))
    return false
  return OPENS_WITH_AUXILIARY.test(line) || before.endsWith(',')
}
