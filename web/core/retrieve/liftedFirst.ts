/**
 * `found` with `lifted` (some of its items, in the order given) put first, each scored just above the
 * best score found and in that order, the rest after them as they were: how a rule that knows which
 * passages answer (the one defining an acronym, the ones printing an option) puts them before the
 * passages search scored higher for sharing more of the question's words.
 */
export function liftedFirst<T extends { score: number }>(found: readonly T[], lifted: readonly T[]): T[] {
  if (lifted.length === 0) return [...found]
  const top = Math.max(...found.map(({ score }) => score))
  return [
    ...lifted.map((item, i) => ({ ...item, score: top + Math.abs(top) * 0.01 + (lifted.length - i) * 1e-6 })),
    ...found.filter((item) => !lifted.includes(item)),
  ]
}
