import { cleanLine } from '../cleanText'
import { childElements, childPath } from '../readXml'
import type { XmlElement } from '../readXml'
import { paragraphText } from './paragraphText'

/**
 * The rows of a `w:tbl` as cell texts. A cell's paragraphs are joined by spaces so that its text
 * stays together; a table nested in a cell is flattened into that cell's text. Rows deleted as a
 * tracked change and rows without any text are left out. A row typed as lines in one row (`stackedRows`)
 * is read as the rows it shows.
 */
export function tableRows(table: XmlElement): string[][] {
  const rows: string[][] = []
  for (const row of wrapped(table, 'w:tr')) {
    if (childPath(row, 'w:trPr', 'w:del') !== undefined) continue
    const cells = wrapped(row, 'w:tc').map(cellLines)
    const stacked = stackedRows(cells)
    if (stacked) rows.push(...stacked)
    else {
      const texts = cells.map((lines) => cleanLine(lines.join(' ')))
      if (texts.some((cell) => cell !== '')) rows.push(texts)
    }
  }
  return rows
}

/** A row typed as lines is read so when its label cell has at least this many. */
const MIN_STACKED = 3
/** A value cell's first line that names only the unit of the values under it ("€", "$", "%"). */
const UNIT_LINE = /^\(?[€$£¥%]\)?$/u
/** A value a unit line stands for: a bare number ("17,542", "64,000*"), not a share ("4.7%"). */
const BARE_NUMBER = /^-?[\d.,]+\*{0,2}$/u

/**
 * A Word row whose cells each hold one line per row shown, in paragraphs or line breaks: a label cell
 * "Gross Income / Income Tax / Net Cash Income" beside "€ / 17,542 / 3,508 / 16,717" and "€ / 17,542 /
 * 3,520 / 17,542". Read whole, its row reads "Gross Income Income Tax Net Cash Income | € 17,542 3,508
 * 16,717 | …" and no label is beside its figure; read as the rows it shows, "Net Cash Income | €
 * 16,717 | € 17,542". Only where every cell with text has as many lines as the first (a unit line above
 * the values aside), and there are at least MIN_STACKED: else the cells' lines need not pair up. Null for
 * any other row.
 */
function stackedRows(cells: readonly string[][]): string[][] | null {
  const [labels, ...values] = cells
  if (!labels || values.length === 0 || labels.length < MIN_STACKED) return null
  const columns = values.map((lines) => {
    const unit = lines.length === labels.length + 1 && UNIT_LINE.test(lines[0]!) ? lines[0]! : null
    const own = unit === null ? lines : lines.slice(1)
    return { unit, lines: own }
  })
  if (!columns.every(({ lines }) => lines.length === 0 || lines.length === labels.length)) return null
  if (columns.every(({ lines }) => lines.length === 0)) return null
  return labels.map((label, i) =>
    [
      label,
      ...columns.map(({ unit, lines }) => {
        const value = lines[i] ?? ''
        return unit !== null && BARE_NUMBER.test(value) ? `${unit.replace(/[()]/gu, '')} ${value}` : value
      }),
    ].map((cell) => cleanLine(cell)),
  )
}

/** A cell's lines: its paragraphs, and the lines of each, empty ones left out. */
function cellLines(cell: XmlElement): string[] {
  const parts: string[] = []
  collectCellText(cell, parts)
  return parts
    .flatMap((part) => part.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

function collectCellText(container: XmlElement, parts: string[]): void {
  for (const child of childElements(container)) {
    if (child.name === 'w:p') {
      const textBoxes: XmlElement[] = []
      parts.push(paragraphText(child, textBoxes))
      for (const box of textBoxes) collectCellText(box, parts)
    } else if (child.name === 'w:tbl') {
      for (const row of tableRows(child)) parts.push(...row)
    } else if (isWrapper(child.name)) {
      collectCellText(child, parts)
    }
  }
}

/**
 * Children named `name`, looking through the wrappers Word may put around rows, cells and
 * paragraphs: content controls, custom XML and inserted or moved-here revisions.
 */
export function wrapped(container: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = []
  for (const child of childElements(container)) {
    if (child.name === name) found.push(child)
    else if (isWrapper(child.name)) found.push(...wrapped(child, name))
  }
  return found
}

/** Elements whose children are read as if they were the wrapper's siblings. */
export function isWrapper(name: string): boolean {
  return wrappers.has(name)
}

// A content control's settings (w:sdtPr) hold no rows, cells or paragraphs, so looking through the
// whole w:sdt reads just its content.
const wrappers = new Set(['w:sdt', 'w:sdtContent', 'w:customXml', 'w:ins', 'w:moveTo'])
