import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'
import { ungluedCells } from './ungluedCells'

/** One figure of a table: a cell with its row label, its column header, the table's unit and its row. */
export interface TableFigure {
  /** The cell as printed ("$66,608", "(245)", "12.5%"). */
  value: string
  /** The row's label, as printed ("Total revenues"). */
  label: string
  labelTerms: string[]
  /**
   * The label of the group the row stands under: a row of a label and no figures ("Revenues:") over
   * the rows it groups, up to a row with no label (their total). Empty when none.
   */
  groupTerms: string[]
  /** The column's header, group headers included ("Full Year 2022"); empty when the table has none. */
  header: string
  headerTerms: string[]
  /** "millions", "thousands", "billions", when the table or the text above it says so. */
  unit: string | null
  /** The row's cells joined as the passage prints them, for evidence. */
  row: string
  /** The header row(s) over the row's cells, joined, for evidence. */
  headerRow: string
  source: number
  /** The search terms of the source's file name ("walmart", "2018", "10k"): the document's own name. */
  fileTerms: string[]
  /** Index of the source in the request (its retrieval rank, 0 = best). */
  rank: number
  /** The heading the table stands under, and the caption lines just above it. */
  context: string[]
}

/** A printed figure: digits with separators, in brackets for a negative, with a currency or a percent. */
const FIGURE = /^\(?[-–]?[$€£¥]?\s?\(?\d[\d,]*(?:\.\d+)?\)?\s?%?\)?$/u
const YEAR = /^(?:19|20)\d\d$/u
const EXCEPT_PER_SHARE = /\bexcept\b[^)]*\bper[\s-]+share\b/iu
/** Amounts in thousands or millions are whole; with cents, a table that excepts per-share data prints one. */
const CENTS = /\.\d\d\)?$/u
const PER_SHARE = /\bper[\s-]+(?:common\s+)?share\b/iu
const UNIT = /\b(?:in|amounts?\s+in|\$\s*in|dollars\s+in|usd\s+in)\s+(thousands|millions|billions)\b/iu

/**
 * Every figure of every table in the sources, with what a reader needs to read it: the row label, the
 * column header and the unit. Chunks print a table row as cells joined by " | " (empty cells kept,
 * so a column keeps its place); the rows before the first row with figures are the header, a header
 * cell standing over empty ones ("Q4", "Full Year") spans them.
 *
 * How it fails: a PDF table whose cells the parser could not align gives headers one column off; a
 * table split across two passages has no header in the second (its figures then have none).
 */
export function tableFigures(sources: readonly AnswerSource[]): TableFigure[] {
  const figures: TableFigure[] = []
  sources.forEach((source, rank) => {
    const lines = source.text.split(/\r\n?|\n/u).map((line) => line.replace(/\s+/gu, ' ').trim())
    let block: string[][] = []
    let before: string[] = []
    const flush = () => {
      if (block.length >= 2) figures.push(...blockFigures(block, before, source, rank))
      block = []
    }
    for (const line of lines) {
      if (line.includes('|') && line.split('|').length >= 3) {
        block.push(ungluedCells(line.split(/\s*\|\s*/u)))
        continue
      }
      flush()
      if (line !== '') before = [...before.slice(-2), line]
    }
    flush()
  })
  return figures
}

function blockFigures(rows: string[][], before: string[], source: AnswerSource, rank: number): TableFigure[] {
  const hasFigure = (cells: readonly string[]) =>
    cells.slice(1).some((cell) => FIGURE.test(cell) && !YEAR.test(cell))
  const firstData = rows.findIndex(hasFigure)
  if (firstData < 0) return []
  const headerRows = rows.slice(0, firstData).map(spanGroups)
  const headerRow = rows
    .slice(0, firstData)
    .map((cells) => cells.filter((cell) => cell !== '').join(', '))
    .join('; ')
  const context = [...(source.heading ? [source.heading.split(' > ').at(-1)!] : []), ...before]
  const unitText = [...context, ...rows.slice(0, firstData).flat()].join(' ')
  const unit = UNIT.exec(unitText)?.[1]?.toLowerCase() ?? null
  // "(in millions, except per share data)": a per-share row is in units of one ($6.15, not $6.15 million),
  // also where the chunk's cut left the row's group ("Earnings per share") in the passage before.
  const perShareExcepted = EXCEPT_PER_SHARE.test(unitText)
  const fileTerms = tokenize(source.filename.replace(/[_.-]+/gu, ' '))
  const figures: TableFigure[] = []
  const headers = new Map<number, { header: string; headerTerms: string[] }>()
  const headerOf = (column: number) => {
    let known = headers.get(column)
    if (!known) {
      const header = headerRows
        .map((row) => row[column] ?? '')
        .filter((text) => text !== '')
        .join(' ')
      known = { header, headerTerms: tokenize(header) }
      headers.set(column, known)
    }
    return known
  }
  let group = ''
  for (const [i, cells] of rows.entries()) {
    const printed = cells[0] ?? ''
    // A row of figures with no label that ends a group ("Revenues:" over its lines) is the group's sum.
    const sumOf = printed === '' && group !== '' && i >= firstData && hasFigure(cells) ? group : ''
    if (printed === '') group = ''
    if (printed !== '' && cells.slice(1).every((cell) => cell === '')) group = printed
    const label = sumOf === '' ? printed : `Total ${sumOf.replace(/\s*:\s*$/u, '')}`
    if (i < firstData || label === '' || !hasFigure(cells)) continue
    const labelTerms = tokenize(label)
    if (labelTerms.length === 0) continue
    const groupTerms = sumOf === '' ? tokenize(group) : []
    cells.forEach((cell, column) => {
      if (column === 0 || !FIGURE.test(cell) || YEAR.test(cell)) return
      const { header, headerTerms } = headerOf(column)
      figures.push({
        value: cell,
        label,
        labelTerms,
        groupTerms,
        header,
        headerTerms,
        unit: perShareExcepted && (PER_SHARE.test(`${group} ${label}`) || CENTS.test(cell)) ? null : unit,
        row: cells.filter((text) => text !== '').join(' | '),
        headerRow,
        source: source.number,
        fileTerms,
        rank,
        context,
      })
    })
  }
  return figures
}

/** A header row with each group cell ("Full Year") carried over the empty cells after it. */
function spanGroups(cells: readonly string[]): string[] {
  const filled = cells.filter((cell) => cell !== '').length
  // A row of one header per column needs no spanning; a sparse one is a row of groups.
  if (filled * 2 > cells.length) return [...cells]
  let current = ''
  return cells.map((cell, i) => {
    if (i === 0) return cell
    if (cell !== '') current = cell
    return current
  })
}
