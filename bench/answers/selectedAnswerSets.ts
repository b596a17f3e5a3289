/** Every question set of `npm run bench -- answers`, in the order they run. */
export const ANSWER_SETS = [
  'xquad-en',
  'financebench-dev',
  'natural',
  'library-dev',
  'library-extra',
  'corpus-folder',
] as const
export type AnySet = (typeof ANSWER_SETS)[number]

/**
 * The sets ANSWERS_SETS names (comma-separated, e.g. `library-dev` alone: the whole run is slow on a
 * small machine); all of them when it is unset or empty. Throws naming the known sets on a name that
 * is none of them, so a typo never runs an empty benchmark.
 */
export function selectedAnswerSets(value: string | undefined): Set<AnySet> {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  if (names.length === 0) return new Set(ANSWER_SETS)
  const unknown = names.filter((name) => !(ANSWER_SETS as readonly string[]).includes(name))
  if (unknown.length > 0) {
    throw new Error(`ANSWERS_SETS: unknown set ${unknown.join(', ')}; known: ${ANSWER_SETS.join(', ')}`)
  }
  return new Set(names as AnySet[])
}
