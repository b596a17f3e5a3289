import type { Phrase } from './buildPhrases'
import type { ColumnCut } from './findColumnCut'
import { dominantSize, medianFontSize } from './geometry'
import { joinBoxes } from './joinBoxes'

/** A table of figures read row by row: each row its label, then one cell per column; a header row first when there is one. */
export interface FigureTable {
  /** The header row first, always: its label cell holds the table's title where one was found (else ''). */
  rows: string[][]
  fontSize: number
  /** The baseline of the table's first row, for finding a title above it in the region before. */
  top: number
}

/** What a region holds around the table: lines above it (its title) and below it (a note), read as text. */
export interface FigureTableRegion {
  before: Phrase[]
  table: FigureTable
  after: Phrase[]
}

/**
 * A cell of figures: an amount, a year, a percentage, a negative in brackets, a dash for nothing, a currency
 * sign standing apart from its amount. Written for any table of figures (statements, measurements, results),
 * not for one kind of report.
 */
const FIGURE = /^(?:[-–—+(]*[$€£¥]?\s?[-–—(]*\d[\d,.\s]*\)?\s?%?\)?[*†]?|[-–—]+|[$€£¥%]|n\/?[am]|nm)$/iu
const CURRENCY = /^[$€£¥]$/u
/** Most of what stands right of the gutter are figures; a few words (column headers) may be among them. */
const MIN_FIGURE_SHARE = 0.7
/** Fewer rows of figures than this are a figure or two beside a paragraph, not a table. */
const MIN_FIGURE_ROWS = 3
/** Baselines this close (in em) are one row. */
const ROW_TOLERANCE_EM = 0.4
/** Right-aligned figures of one column end within this (in em); brackets and footnote marks overhang. */
const COLUMN_TOLERANCE_EM = 1
/** A column holds a figure in at least this share of the labelled rows; fewer are strays (a note's number). */
const MIN_COLUMN_SHARE = 0.2
/** At most this many rows above the first labelled one are the column headers ("Year ended", "December 31,", "2021"). */
const MAX_HEADER_ROWS = 4

/** A table's title is a few short lines right above it ("Consolidated Balance Sheets", the company, "(in millions)"). */
const MAX_CAPTION_ROWS = 4
const MAX_CAPTION_CHARS = 240
/** Title lines sit within this many em of each other; a wider gap ends the title (a running header above it). */
const MAX_CAPTION_GAP_EM = 3
/** A title set this much larger than the table's text is a heading (toBlocks finds headings at 1.2). */
const MAX_CAPTION_SIZE = 1.15

interface Row {
  baseline: number
  /** Left to right, a currency sign joined to the amount after it. */
  phrases: Phrase[]
  /** How many phrases, from the row's first figure on, are its cells; the phrases before them are its label. */
  figures: number
}

/**
 * When a region's gutter (`findColumnCut`) has mostly figures to its right, and most rows with figures have
 * a label beside them, the region is a table, and reading it column by column (all labels, then all
 * amounts) would part every figure from its label and its year. Such a region is read row by row instead:
 * each row's label (the words before its figures, wherever the gutter ran) with its amount in each column,
 * under the column headers: the rows just above the first labelled one that stand over the columns. Lines
 * above the table (its title) and below it (a note) are returned for reading as text. Undefined when the
 * region is not such a table: the right side is mostly words (a second column of prose), or labels and
 * figures do not share rows.
 */
export function readFigureTable(phrases: readonly Phrase[], cut: ColumnCut): FigureTableRegion | undefined {
  const onRight = cut.right.filter((phrase) => isFigure(phrase))
  if (onRight.length < MIN_FIGURE_ROWS || onRight.length < MIN_FIGURE_SHARE * cut.right.length)
    return undefined
  const em = medianFontSize(phrases)
  const rows = toRows(phrases, em)
  const withFigures = rows.filter((row) => row.figures > 0)
  const labelled = withFigures.filter((row) => row.figures < row.phrases.length)
  // In a table most rows of figures have their label beside them; columns of prose beside figures do not.
  if (labelled.length < MIN_FIGURE_ROWS || labelled.length < 0.5 * withFigures.length) return undefined
  // Columns from the labelled rows' figures (a header's years or a stray number elsewhere would add columns
  // of their own), kept where a good part of the rows has a figure.
  const columns = findColumns(
    labelled.flatMap((row) => row.phrases.slice(row.phrases.length - row.figures)),
    em,
  ).filter((column) => column.figures >= MIN_COLUMN_SHARE * labelled.length)
  if (columns.length === 0) return undefined
  const figuresFrom = Math.min(...columns.map((column) => column.x0)) - 0.5 * em
  // A header stands over the columns: centred on them, or right-aligned like them and wider than the figures.
  const overColumns = (row: Row) => row.phrases.every((phrase) => (phrase.x0 + phrase.x1) / 2 >= figuresFrom)

  // A labelled row of years only ("Year Ended June 30, | 2016 | 2015") heads the columns, whatever its label.
  const isHeader = (row: Row) => overColumns(row) || isYearsRow(row)

  // Up from the first labelled row: section labels ("Cash flows from operating activities:"), then the headers.
  const firstLabelled = rows.indexOf(labelled.find((row) => !isYearsRow(row)) ?? labelled[0]!)
  let top = firstLabelled
  while (top > 0 && rows[top - 1]!.figures === 0 && !isHeader(rows[top - 1]!)) top--
  let start = top
  while (start > 0 && top - start < MAX_HEADER_ROWS && isHeader(rows[start - 1]!)) start--
  if (start === top) start = firstLabelled
  const end = rows.lastIndexOf(withFigures.at(-1)!)
  const header = rows.slice(start, top)

  const cells = (row: Row, labelEnd: number, place: (phrase: Phrase) => number) => {
    const cells = new Array<string>(columns.length + 1).fill('')
    cells[0] = row.phrases.slice(0, labelEnd).map(text).join(' ')
    for (const phrase of row.phrases.slice(labelEnd)) {
      const column = place(phrase) + 1
      cells[column] = cells[column] ? `${cells[column]} ${text(phrase)}` : text(phrase)
    }
    return cells.map((cell) => cell.replace(/\s+/gu, ' ').trim())
  }
  // The title just above the table ("Consolidated Statements of Cash Flows (in millions)") heads its label
  // column, so every part of a table the chunker splits still says what the table is.
  const caption = captionRows(rows.slice(0, start), rows[start]!.baseline, em)
  const captionText = caption.map((row) => row.phrases.map(text).join(' ')).join(' ')
  const headerRow = mergeRows([
    [captionText, ...columns.map(() => '')],
    ...header.map((row) =>
      cells(row, overColumns(row) ? 0 : row.phrases.length - row.figures, (p) => overlapping(columns, p)),
    ),
  ])
  const body = rows
    .slice(header.length > 0 ? top : start, end + 1)
    .map((row) => cells(row, row.phrases.length - row.figures, (p) => nearest(columns, p)))
  const inTable = rows.slice(start, end + 1).flatMap((row) => row.phrases)
  return {
    before: rows.slice(0, start - caption.length).flatMap((row) => row.phrases),
    table: {
      rows: [headerRow, ...body],
      top: rows[start]!.baseline,
      // As paragraphs measure it (toParagraph): the size most of the table's characters are set in.
      fontSize: dominantSize(
        inTable.flatMap((phrase) =>
          phrase.boxes.map((box) => ({ fontSize: box.fontSize, chars: box.text.length })),
        ),
      ),
    },
    after: rows.slice(end + 1).flatMap((row) => row.phrases),
  }
}

/**
 * The lines right above a table that title it: up to MAX_CAPTION_ROWS rows, each within a few lines of the
 * next, together short enough to be a title rather than a paragraph. None when the text above is prose.
 */
function captionRows(above: readonly Row[], tableTop: number, em: number): Row[] {
  const caption: Row[] = []
  let below = tableTop
  let length = 0
  for (let index = above.length - 1; index >= 0 && caption.length < MAX_CAPTION_ROWS; index--) {
    const row = above[index]!
    length += row.phrases.reduce((sum, phrase) => sum + text(phrase).length + 1, 0)
    // A heading set larger than the table ("Item 8. Financial Statements") is the section's, not the table's.
    const heading = row.phrases.some((phrase) => phrase.fontSize > MAX_CAPTION_SIZE * em)
    if (below - row.baseline > MAX_CAPTION_GAP_EM * em || length > MAX_CAPTION_CHARS || heading) break
    caption.unshift(row)
    below = row.baseline
  }
  return caption
}

const YEAR = /^(?:19|20)\d\d$/u

/** A row whose cells are all years: a column header, even with a label ("Fiscal year ended"). */
function isYearsRow(row: Row): boolean {
  const cells = row.phrases.slice(row.phrases.length - row.figures)
  return cells.length > 0 && cells.every((phrase) => YEAR.test(text(phrase).trim()))
}

function isFigure(phrase: Phrase): boolean {
  return FIGURE.test(text(phrase).trim())
}

function text(phrase: Phrase): string {
  return joinBoxes(phrase.boxes)
}

/** The region's phrases in rows, top to bottom, each row's cells counted from its first figure. */
function toRows(phrases: readonly Phrase[], em: number): Row[] {
  const sorted = [...phrases].sort((a, b) => a.baseline - b.baseline)
  const groups: Phrase[][] = []
  let baseline = -Infinity
  for (const phrase of sorted) {
    if (phrase.baseline - baseline > ROW_TOLERANCE_EM * em) {
      groups.push([])
      baseline = phrase.baseline
    }
    groups.at(-1)!.push(phrase)
  }
  return groups.map((group) => {
    const joined = joinCurrencySigns(group.sort((a, b) => a.x0 - b.x0))
    // From the first figure on, every phrase is a cell ("2.20x" in a column of speedups too).
    const first = joined.findIndex(isFigure)
    return {
      baseline: group[0]!.baseline,
      phrases: joined,
      figures: first === -1 ? 0 : joined.length - first,
    }
  })
}

function joinCurrencySigns(phrases: Phrase[]): Phrase[] {
  const joined: Phrase[] = []
  for (const phrase of phrases) {
    const previous = joined.at(-1)
    if (previous && CURRENCY.test(text(previous).trim())) {
      joined[joined.length - 1] = { ...phrase, x0: previous.x0, boxes: [...previous.boxes, ...phrase.boxes] }
    } else {
      joined.push(phrase)
    }
  }
  return joined
}

interface Column {
  x0: number
  x1: number
  /** How many figures it holds. */
  figures: number
}

/** Columns of right-aligned figures: runs of right edges within a tolerance, left to right. */
function findColumns(phrases: readonly Phrase[], em: number): Column[] {
  const sorted = [...phrases].sort((a, b) => a.x1 - b.x1)
  const columns: Column[] = []
  let last = -Infinity
  for (const phrase of sorted) {
    const column = columns.at(-1)
    if (column && phrase.x1 - last <= COLUMN_TOLERANCE_EM * em) {
      column.x0 = Math.min(column.x0, phrase.x0)
      column.x1 = Math.max(column.x1, phrase.x1)
      column.figures++
    } else {
      columns.push({ x0: phrase.x0, x1: phrase.x1, figures: 1 })
    }
    last = phrase.x1
  }
  return columns
}

/** The column a figure belongs to: the one whose right edge is nearest its own. */
function nearest(columns: readonly Column[], phrase: Phrase): number {
  let best = 0
  for (let index = 1; index < columns.length; index++) {
    if (Math.abs(columns[index]!.x1 - phrase.x1) < Math.abs(columns[best]!.x1 - phrase.x1)) best = index
  }
  return best
}

/** A header's column: the one it overlaps most (headers are often centred or span a group); else the nearest. */
function overlapping(columns: readonly Column[], phrase: Phrase): number {
  let best = -1
  let bestOverlap = 0
  columns.forEach((column, index) => {
    const overlap = Math.min(column.x1, phrase.x1) - Math.max(column.x0, phrase.x0)
    if (overlap > bestOverlap) {
      best = index
      bestOverlap = overlap
    }
  })
  return best === -1 ? nearest(columns, phrase) : best
}

/** Stacked header rows ("Year ended" over "2021") as one row, each column's parts joined top to bottom. */
function mergeRows(rows: readonly string[][]): string[] {
  return rows[0]!.map((_, column) =>
    rows
      .map((row) => row[column] ?? '')
      .filter((cell) => cell !== '')
      .join(' '),
  )
}
