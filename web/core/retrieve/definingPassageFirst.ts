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
 * one that only holds its letters in order (a table's "Sensitivity Level XPath Query (SSP)"). Asked what
 * the acronym is ("what is ATF"), the passage that spells it out and says what it is comes first, or none.
 * Anything else keeps its order and score.
 */
export function definingPassageFirst<T extends { score: number }>(
  found: readonly T[],
  question: string,
  understanding: QuestionUnderstanding,
  textOf: (item: T) => string,
): T[] {
  if (
    found.length === 0 ||
    understanding.acronyms.length === 0 ||
    !(asksSpelling(question) || asksWhatAcronymIs(question, understanding.acronyms))
  )
    return [...found]
  const alone = !asksSpelling(question)
  let best: { item: T; rank: number } | undefined
  for (const item of found) {
    for (const acronym of understanding.acronyms) {
      const text = textOf(item)
      const definition = acronymDefinition(text, acronym)
      if (!definition) continue
      // Asked what it is, a passage saying so after spelling it ("(ATF) is the infrastructural system")
      // comes before one that spells it in a caption ("Async Task Framework (ATF) [Fig 1]").
      const rank = (definition.spelled ? 1 : 0) + (alone && saysWhatItIs(text, acronym) ? 2 : 0)
      if (!best || rank > best.rank) best = { item, rank }
    }
    if (best && best.rank === (alone ? 3 : 1)) break
  }
  // The acronym alone is answered by what it is: a passage that only spells it is no better than search's.
  if (!best || (alone && best.rank < 3)) return [...found]
  return liftedFirst(found, [best.item])
}

/** "(ATF) is", "(ATF) refers to": the spelled-out acronym with what it is. */
function saysWhatItIs(text: string, acronym: string): boolean {
  const escaped = acronym.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')
  return new RegExp(`\\(${escaped}\\)\\s+(?:is|are|was|were|refers?\\s+to|means)\\s`, 'iu').test(text)
}

/**
 * "what is ATF", "what's an SSP": the question is the acronym alone, so what it is starts with what it
 * stands for, and the passage that spells it out ("Async Task Framework (ATF) is the infrastructural
 * system…") answers it; the passages that only use it (a blog's "Extending ATF") do not.
 */
function asksWhatAcronymIs(question: string, acronyms: readonly string[]): boolean {
  const asked =
    /^\s*(?:what|wat)\s*(?:is|are|['’]s)\s+(?:an?\s+|the\s+)?([\p{L}\p{N}&-]+)\s*[?.!]*\s*$/iu.exec(question)
  return asked !== null && acronyms.some((acronym) => acronym.toLowerCase() === asked[1]!.toLowerCase())
}
