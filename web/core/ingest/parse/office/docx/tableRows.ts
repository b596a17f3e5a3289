import { cleanLine } from '../cleanText'
import { childElements, childPath } from '../readXml'
import type { XmlElement } from '../readXml'
import { paragraphText } from './paragraphText'

/**
 * The rows of a `w:tbl` as cell texts. A cell's paragraphs are joined by spaces so that its text
 * stays together; a table nested in a cell is flattened into that cell's text. Rows deleted as a
 * tracked change and rows without any text are left out.
 */
export function tableRows(table: XmlElement): string[][] {
  const rows: string[][] = []
  for (const row of wrapped(table, 'w:tr')) {
    if (childPath(row, 'w:trPr', 'w:del') !== undefined) continue
    const cells = wrapped(row, 'w:tc').map(cellText)
    if (cells.some((cell) => cell !== '')) rows.push(cells)
  }
  return rows
}

function cellText(cell: XmlElement): string {
  const parts: string[] = []
  collectCellText(cell, parts)
  return cleanLine(parts.join(' '))
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
