import type { QuestionUnderstanding } from '../../retrieve/understandQuestion'
import { QUESTION_SHAPE } from '../../retrieve/understandQuestion'
import { periodYears, questionPeriods } from '../../retrieve/questionPeriods'
import { holdsPhrase } from '../../retrieve/holdsPhrase'
import { matchWord } from './matchWord'
import { clippedRun } from './clippedRun'
import { initialsRun, spelledByInitials } from '../../retrieve/spelledByInitials'
import type { TableFigure } from './tableFigures'

/** A figure chosen to answer a question, and how well its row and column fit it. */
export interface ChosenFigure {
  figure: TableFigure
  score: number
  /** Share of the question's quantity words the row label holds, in [0, 1]. */
  labelCover: number
}

/** Below this share of the quantity's words in its label, a row is not the one asked for. */
export const MIN_LABEL_COVER = 0.5
/** The share of a row's words the question asks for, below which an undated question is not answered by it. */
const UNDATED_PRECISION = 0.5
const COVER_WEIGHT = 0.6
/** Label words the question does not use ("BCA revenues by customer location"): a narrower line. */
const PRECISION_WEIGHT = 0.3
const TOTAL_BONUS = 0.15
const SECTION_BONUS = 0.1
/** A quarter's column when the question names no quarter (a year's figure is meant), or the reverse. */
const WRONG_SPAN_PENALTY = 0.2
const RANK_BONUS = 0.05
/**
 * A label holding the quantity's words one after another, as typed ("Net income (loss)", "Consolidated
 * net income" for "net income"), over one holding them apart ("Other (income) expense, net",
 * "Comprehensive income, net of income taxes"). More than MAGNITUDE_TIE: otherwise the larger amount of
 * a row that only shares the words would win the tie.
 */
const PHRASE_BONUS = 0.1
/** More than MAGNITUDE_TIE: the column that says the asked quarter is not tied with one that may not be. */
const OWN_SPAN_BONUS = 0.1
/** Cells scoring this close to the best fit equally well: the largest amount among them is chosen. */
export const MAGNITUDE_TIE = 0.06
/** Amounts this close (a share of the larger) are one amount rounded differently. */
const SAME_AMOUNT = 0.001
/** A share or a rate ("17%") where the question asks for an amount: a row about the amount, not it. */
const PERCENT_PENALTY = 0.3
const ASKS_PERCENT = /%|\b(?:percent(?:age)?|margin|rate|ratio|share|growth|yield|return)\b/iu
const YEARLY = /\b(?:year|annual|twelve\s+months|full)\b/iu
const SEVERAL_QUARTERS = /\b(?:six|nine|6|9|26|39)\s+(?:months|weeks)\b/iu
const QUARTER = /\b(?:q[1-4]|quarter|three\s+months|13\s+weeks|twelve\s+weeks)\b/iu

/**
 * The cell that answers a question for a quantity in a period: the row whose label best matches the
 * quantity (all its words, few others; a total when a total is asked), in the column whose header
 * names the asked year (a quarter's column only when a quarter is asked), in a passage of the thing
 * the question names. Null when no row covers MIN_LABEL_COVER of the quantity, or when a period is
 * asked and no column of a fitting row names it: a figure from another year is a wrong answer, and
 * the sentences then answer instead.
 *
 * `mentions(source, term)` tells whether a source (its text, heading or file name) names a term.
 */
export function chooseFigure(
  understanding: QuestionUnderstanding,
  figures: readonly TableFigure[],
  mentions: (source: number, term: string) => boolean,
): ChosenFigure | null {
  return largestOfBest(fitFigures(understanding, figures, mentions))
}

/**
 * Every cell of `figures` that may answer, scored as `chooseFigure` scores it. Read together: whether
 * an abbreviation of the question is the quantity ("R&D") or a name ("AMZN") depends on whether any
 * row of them spells it.
 */
export function fitFigures(
  understanding: QuestionUnderstanding,
  figures: readonly TableFigure[],
  mentions: (source: number, term: string) => boolean,
): ChosenFigure[] {
  const years = periodYears(understanding.periods)
  const quarterAsked = understanding.periods.some(({ quarter }) => quarter !== null)
  const names = understanding.names.filter((name) => !years.includes(name))
  const quantity = understanding.terms.filter(
    (term) => !years.includes(term) && !names.includes(term) && !QUESTION_SHAPE.has(term),
  )
  // An abbreviation the question uses is a name to search by, and may be the quantity too: a row
  // spells it ("R&D" over "Research and development", "EPS" over "Diluted earnings per share").
  // A ticker ("AMZN") is spelled by no row: it names the company, not the quantity; nor is a name a row
  // prints as it is typed ("Total MGM Resorts International stockholders' equity" for "MGM Resorts").
  const abbreviations = names.filter(
    (name) =>
      understanding.acronyms.includes(name) &&
      figures.some(({ labelTerms }) => spelledByInitials(name, labelTerms)),
  )
  if (quantity.length === 0 && abbreviations.length === 0) return []
  const fitting: ChosenFigure[] = []
  // Every cell of a column has its header: read each header once.
  const headerYears = new Map<string, string[]>()
  const yearsOf = (header: string) => {
    let years = headerYears.get(header)
    if (!years) {
      years = questionPeriods(header).flatMap(({ year }) => (year === null ? [] : [year]))
      headerYears.set(header, years)
    }
    return years
  }
  // "Last year": the latest year among a row's columns, each row read once.
  const latestAsked = years.length === 0 && understanding.periods.some(({ latest }) => latest === true)
  const rowLatest = new Map<string, string>()
  if (latestAsked) {
    for (const figure of figures) {
      const row = rowKey(figure)
      for (const year of yearsOf(figure.header))
        if (year > (rowLatest.get(row) ?? '')) rowLatest.set(row, year)
    }
  }
  // "How many members does the club have": a count, never an amount of money or a share ("Membership
  // dues | $4,250").
  const counted = /\bhow\s+many\b/iu.test(understanding.ask)
  for (const figure of figures) {
    if (counted && /[$€£¥%]/u.test(figure.value)) continue
    if (!names.every((name) => mentions(figure.source, name))) continue
    // The header read with the question's own period grammar: "FY2022", "Fiscal 2022", "Dec. 31, 2022".
    const headerYears = yearsOf(figure.header)
    if (years.length > 0 && !headerYears.some((year) => years.includes(year))) continue
    if (latestAsked) {
      const latest = rowLatest.get(rowKey(figure))
      if (latest === undefined || !headerYears.includes(latest)) continue
    }
    // The quantity may name the row ("Total revenues") or the column ("Revenue FY2022" over segments).
    // The document's own name is the subject, not the quantity: "walmart capex" asks no row "Walmart Inc.".
    const asked = [...quantity, ...abbreviations].filter(
      (term) => !figure.fileTerms.some((word) => matchWord(term, word) > 0),
    )
    if (asked.length === 0) continue
    const words = [...figure.labelTerms, ...figure.groupTerms, ...figure.headerTerms]
    const labelCover = share(asked, words, understanding.acronyms)
    if (labelCover < MIN_LABEL_COVER) continue
    // "Total" says which line of the quantity, not what the quantity is: "total revenues" is not answered
    // by "Total other assets".
    const measured = asked.filter((term) => term !== 'total')
    if (
      measured.length < asked.length &&
      measured.length > 0 &&
      share(measured, words, understanding.acronyms) === 0
    )
      continue
    // The words of a label that an acronym of the question spells out ("Research and development" for
    // "R&D") are asked for; the label's other words make it a narrower line ("Shares used in computation
    // of diluted earnings per share" for "diluted EPS").
    // The group a row stands under narrows it as its own words do ("Diluted" under "Shares used…").
    const line = [...figure.groupTerms, ...figure.labelTerms]
    const spelled = [
      ...understanding.acronyms.flatMap((acronym) => initialsRun(acronym, line) ?? []),
      ...asked.flatMap((term) => clippedRun(term, line) ?? []),
    ]
    const precision = share(line, [...asked, ...understanding.terms, ...spelled], [])
    // Without a period a cell is one of a row's several; only a row that is the quantity itself
    // answers ("how many employees": not "employee benefit plan stock", a column of equity).
    if (understanding.periods.length === 0 && precision < UNDATED_PRECISION) continue
    let score = COVER_WEIGHT * labelCover + PRECISION_WEIGHT * precision
    if (measured.length >= 2 && holdsInOrder(measured, figure.label)) score += PHRASE_BONUS
    const isTotal = /^total\b/iu.test(figure.label)
    if (understanding.total && isTotal) score += TOTAL_BONUS
    const sectionWords = understanding.sections.join(' ').toLowerCase()
    if (sectionWords !== '' && figure.context.some((line) => overlaps(line.toLowerCase(), sectionWords)))
      score += SECTION_BONUS
    // A quarter's column: said in its own header, or in the table's header when its own names no year's span.
    const ownQuarter = QUARTER.test(figure.header)
    const quarterly = ownQuarter || (QUARTER.test(figure.headerRow) && !YEARLY.test(figure.header))
    if (quarterly !== quarterAsked) score -= WRONG_SPAN_PENALTY
    // A column whose own header says the quarter is surer than one that only stands in a table whose
    // header row names a quarter somewhere ("Three months ended June 30, 2023 | 2022 | 2023 | Six months
    // ended June 30, 2022", a two-row header read as one): the third column is the half year's.
    if (quarterAsked && ownQuarter) score += OWN_SPAN_BONUS
    // "Six months ended June 30": neither the quarter nor the year asked, unless asked for.
    if (SEVERAL_QUARTERS.test(figure.header) && !SEVERAL_QUARTERS.test(understanding.ask))
      score -= WRONG_SPAN_PENALTY
    if (figure.value.includes('%') && !ASKS_PERCENT.test(understanding.ask)) score -= PERCENT_PENALTY
    score += RANK_BONUS / (1 + figure.rank)
    fitting.push({ figure, score, labelCover })
  }
  return fitting
}

/** A table row: the cells of one label under one header row in one source. */
function rowKey(figure: TableFigure): string {
  return `${figure.source}\u0000${figure.headerRow}\u0000${figure.label}`
}

/**
 * The best fitting cell; among cells that fit as well (within MAGNITUDE_TIE), the largest amount in
 * its table's unit. The whole is larger than its parts: "revenues" with no segment named means the
 * company's revenues, not a segment's, nor a line of a note that happens to be labelled "Revenues".
 */
function largestOfBest(fitting: readonly ChosenFigure[]): ChosenFigure | null {
  let top = -Infinity
  for (const { score } of fitting) top = Math.max(top, score)
  let best: ChosenFigure | null = null
  for (const item of fitting) {
    if (item.score < top - MAGNITUDE_TIE) continue
    if (!best) best = item
    // One row's cells of several years, no year asked ("how much were grants"): the latest year's.
    else if (
      rowKey(item.figure) === rowKey(best.figure) &&
      headerYear(item.figure) !== headerYear(best.figure)
    ) {
      if (headerYear(item.figure) > headerYear(best.figure)) best = item
    } else if (sameAmount(item.figure, best.figure)) {
      if (digits(item.figure) > digits(best.figure)) best = item
    } else if (amount(item.figure) > amount(best.figure)) best = item
  }
  return best
}

/** The latest year a cell's column header names ("2019", "Fiscal 2022"), '' for none. */
function headerYear(figure: TableFigure): string {
  return questionPeriods(figure.header).reduce(
    (latest, { year }) => (year !== null && year > latest ? year : latest),
    '',
  )
}

/**
 * Two cells print one amount at two precisions: "$ 976.0" in millions and "975,987" in thousands. The
 * statement's exact figure is the one to quote, not the discussion's rounding of it.
 */
function sameAmount(a: TableFigure, b: TableFigure): boolean {
  const x = amount(a)
  const y = amount(b)
  return x > 0 && y > 0 && Math.abs(x - y) <= SAME_AMOUNT * Math.max(x, y)
}

function digits(figure: TableFigure): number {
  return figure.value.replace(/\D/gu, '').length
}

const SCALE: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 }

/** A cell's size in units of one ("$ 3,505" in millions is 3.505e9), sign aside. */
export function amount(figure: TableFigure): number {
  const value = Number(figure.value.replace(/[^\d.]/gu, ''))
  return (Number.isFinite(value) ? value : 0) * (figure.unit ? (SCALE[figure.unit] ?? 1) : 1)
}

/** Share of `wanted` found in `words` (a variant counts as much as the word: labels are short). */
function share(wanted: readonly string[], words: readonly string[], acronyms: readonly string[]): number {
  if (wanted.length === 0) return 0
  const found = wanted.filter(
    (term) =>
      words.some((word) => matchWord(term, word) > 0) ||
      (acronyms.includes(term) && spelledByInitials(term, words)) ||
      clippedRun(term, words) !== null,
  ).length
  return found / wanted.length
}

/**
 * Whether the label's words, stop words kept ("net of income taxes" does not hold "net income"), hold
 * `terms` one after another, each as itself or a form of it ("revenues" for "revenue").
 */
function holdsInOrder(terms: readonly string[], label: string): boolean {
  const words = label.normalize('NFKC').toLowerCase().match(LABEL_WORD) ?? []
  return holdsPhrase(words, terms, (word, term) => matchWord(term, word) > 0)
}

const LABEL_WORD = /[\p{L}\p{N}\p{M}]+/gu

/** The section named and a caption line share a word of four letters or more ("cash flows"). */
function overlaps(line: string, section: string): boolean {
  return section
    .split(/\W+/u)
    .filter((word) => word.length >= 4 && !['statement', 'statements', 'section', 'table'].includes(word))
    .some((word) => line.includes(word.replace(/s$/u, '')))
}
