import { periodYears, questionPeriods } from '../../retrieve/questionPeriods'
import type { QuestionUnderstanding } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { reportedUpTo } from './reportedUpTo'
import { tableFigures } from './tableFigures'

/**
 * Asks for what was expected of a year, not what it was: a plan or a forecast states later years'
 * figures. English words of a closed class, as the months are.
 */
const FORWARD =
  /\b(?:expect(?:s|ed|ing|ations?)?|project(?:ed|ions?)|forecasts?|targets?|plan(?:s|ned)?|guidance|outlook|estimated?|budget(?:ed)?|anticipated?|will)\b/iu

/**
 * The sources that may state a figure of the years a question asks: all of them, but a dated
 * document's (`reportedUpTo`) when even the earliest year asked is after its own, unless one of its
 * passages has a table column of an asked year (a plan's) or the question asks what was expected.
 * What a 2021 report prints beside 2023 is a maturity ("notes due 2023") or a target, not 2023's figure.
 */
export function mayStateYear(
  understanding: QuestionUnderstanding,
  sources: readonly AnswerSource[],
): AnswerSource[] {
  const asked = periodYears(understanding.periods).map(Number)
  if (asked.length === 0 || FORWARD.test(understanding.ask)) return [...sources]
  // A question that also names a year the document covers ("As of FY 2021, what did it owe in 2024?")
  // asks what it said then: only the earliest year asked is held against the document's.
  const earliest = Math.min(...asked)
  const later = sources.filter((source) => (reportedUpTo(source.filename) ?? Infinity) < earliest)
  if (later.length === 0) return [...sources]
  const tabled = new Set(
    tableFigures(later)
      .filter(({ header }) =>
        questionPeriods(header).some(({ year }) => year !== null && asked.includes(Number(year))),
      )
      .map(({ source }) => source),
  )
  return sources.filter((source) => !later.includes(source) || tabled.has(source.number))
}
