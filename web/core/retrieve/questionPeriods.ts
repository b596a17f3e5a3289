import { tokenize } from './index/tokenize'

/** A period a question names: the year a document prints it by, with the quarter when one is named. */
export interface QuestionPeriod {
  /** Four digits, as tables and text print a year ("FY22" is "2022"); null for a quarter alone ("Q4"). */
  year: string | null
  quarter: number | null
  /** The question's search terms that said it ("fy22", "fiscal", "q2", "december", "31"): not content. */
  words: string[]
  /**
   * "Last year", "the most recent fiscal year": the latest year a document reports, whichever it is
   * (year null). A filing's last year is its own fiscal year, not the calendar's.
   */
  latest?: true
}

/** The latest year a document reports, named without a number. */
const LATEST =
  /\b(?:last|latest|most\s+recent|past|this|current)\s+(?:fiscal\s+|financial\s+|reported\s+)?year\b/iu

/** A month's name, whole or as abbreviated ("sept", "dec"): a pattern to put inside others. */
export const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
/** The years the periods name, in their order ("Q2 2023 against FY2022": 2023, 2022); periods without one left out. */
export function periodYears(periods: readonly QuestionPeriod[]): string[] {
  return periods.flatMap(({ year }) => (year === null ? [] : [year]))
}

/**
 * One grammar of periods, for search (`periodForms`) and answers alike: "FY2022", "FY 22", "fiscal
 * (year) 2022", "Q2 2023", "Q2'23", "2Q23", "second quarter of 2023", "(the) (fiscal) year ended
 * December 31, 2022", "three months ended June 30, 2023", "as of December 31, 2022", and a bare
 * four-digit year. Knows dates, nothing of any subject.
 */
const PERIOD = new RegExp(
  [
    // fiscal year then quarter ("FY2023Q1", "FY23 Q1")
    `\\bfy\\s*'?(\\d{4}|\\d{2})\\s*q([1-4])\\b`,
    // quarter then year
    `\\bq([1-4])\\s*(?:['’-]|\\s+(?:of\\s+)?(?:fy|fiscal(?:\\s+year)?)?\\s*)?\\s*'?(\\d{4}|\\d{2})\\b`,
    `\\b([1-4])q\\s*'?(\\d{4}|\\d{2})\\b`,
    `\\b(first|second|third|fourth)\\s+(?:fiscal\\s+)?quarter\\s+(?:of\\s+)?(?:fiscal\\s+(?:year\\s+)?|fy\\s*)?(\\d{4})\\b`,
    // period ended a date
    `\\b(?:(?:three|six|nine|twelve)\\s+months|(?:fiscal\\s+)?(?:year|quarter)|period)\\s+end(?:ed|ing)\\s+(?:on\\s+)?${MONTH}\\.?\\s+\\d{1,2},?\\s+(\\d{4})\\b`,
    `\\b(?:as\\s+of|at|on)\\s+${MONTH}\\.?\\s+\\d{1,2},?\\s+(\\d{4})\\b`,
    // fiscal year
    `\\b(?:fy|full[\\s-]+year|fiscal(?:\\s+year)?)\\s*'?(\\d{4}|\\d{2})\\b`,
    // a date in figures: month, day and year ("2/24/17", "12/31/2022"), or year first ("2017-02-24");
    // not "3.10.12", a version
    `\\b\\d{1,2}/\\d{1,2}/(\\d{4}|\\d{2})\\b`,
    `\\b((?:19|20)\\d\\d)-\\d{1,2}-\\d{1,2}\\b`,
    // a bare year
    `\\b((?:19|20)\\d\\d)\\b`,
    // a quarter alone
    `\\bq([1-4])\\b`,
    `\\b(first|second|third|fourth)\\s+(?:fiscal\\s+)?quarter\\b`,
  ].join('|'),
  'giu',
)

export function questionPeriods(question: string): QuestionPeriod[] {
  const periods: QuestionPeriod[] = []
  const text = question.normalize('NFKC')
  for (const match of text.matchAll(PERIOD)) {
    const groups = match.slice(1)
    const [y0, q0, q1, y1, q2, y2, ordinal, y3, y4, y5, y6, dated, isoDated, y7, q3, ordinal2] = groups
    let quarter: number | null = null
    let digits: string | undefined
    if (y0 && q0) [quarter, digits] = [Number(q0), y0]
    else if (q1 && y1) [quarter, digits] = [Number(q1), y1]
    else if (q2 && y2) [quarter, digits] = [Number(q2), y2]
    else if (ordinal && y3) [quarter, digits] = [ORDINALS.indexOf(ordinal.toLowerCase()) + 1, y3]
    else if (q3) quarter = Number(q3)
    else if (ordinal2) quarter = ORDINALS.indexOf(ordinal2.toLowerCase()) + 1
    else digits = y4 ?? y5 ?? y6 ?? dated ?? isoDated ?? y7
    if (!digits && quarter === null) continue
    const year = digits === undefined ? null : digits.length === 2 ? `20${digits}` : digits
    if (periods.some((period) => period.year === year && period.quarter === quarter)) continue
    periods.push({ year, quarter, words: tokenize(match[0]).filter((word) => !/^\d{4}$/u.test(word)) })
  }
  if (periods.length === 0) {
    const latest = LATEST.exec(text)
    if (latest) periods.push({ year: null, quarter: null, words: tokenize(latest[0]), latest: true })
  }
  return periods
}

const ORDINALS = ['first', 'second', 'third', 'fourth']
