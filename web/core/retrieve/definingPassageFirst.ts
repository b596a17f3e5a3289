import { asksSpelling } from './asksSpelling'
import { acronymDefinition } from './acronymDefinition'
import { liftedFirst } from './liftedFirst'
import type { QuestionUnderstanding } from './understandQuestion'

/**
 * Asked what an acronym stands for ("what does IKWG stand for"), the passage that defines it ("The
 * International Ki67 in Breast Cancer Working Group (IKWG) identified…") scored first: a paper uses its
 * acronyms on every page and defines them once, so the pages that only use it outrank the one that
 * answers (library-dev tune: the defining page was found but not among the five shown). Among passages
 * that define it, one whose long form's initials spell it ("System Security Plan (SSP)") is preferred to
 * one that only holds its letters in order (a table's "Sensitivity Level XPath Query (SSP)").
 * Anything else keeps its order and score.
 */
export function definingPassageFirst<T extends { score: number }>(
  found: readonly T[],
  question: string,
  understanding: QuestionUnderstanding,
  textOf: (item: T) => string,
): T[] {
  if (found.length === 0 || understanding.acronyms.length === 0 || !asksSpelling(question)) return [...found]
  let best: { item: T; spelled: boolean } | undefined
  for (const item of found) {
    for (const acronym of understanding.acronyms) {
      const definition = acronymDefinition(textOf(item), acronym)
      if (definition && (!best || (definition.spelled && !best.spelled)))
        best = { item, spelled: definition.spelled }
    }
    if (best?.spelled) break
  }
  if (!best) return [...found]
  return liftedFirst(found, [best.item])
}
