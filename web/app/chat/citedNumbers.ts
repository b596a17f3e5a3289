/**
 * The source numbers an answer cites, as `[1]`, `[2, 3]` or `[1][4]` in its text: the searched passages
 * list marks those, and the rest were searched and not used.
 */
export function citedNumbers(answer: string): Set<number> {
  const cited = new Set<number>()
  for (const match of answer.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)) {
    for (const part of (match[1] ?? '').split(',')) cited.add(Number(part.trim()))
  }
  return cited
}
