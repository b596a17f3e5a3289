import type { Block } from '../../../DocumentModel'
import { cleanLine, cleanText } from '../cleanText'
import type { HeadingTrail } from '../HeadingTrail'
import type { DocParagraph } from './splitParagraphs'

/** What the caller knows about a paragraph from its properties and style. */
export interface DocParagraphInfo {
  inTable: boolean
  rowEnd: boolean
  listItem: boolean
  headingLevel?: number
}

/**
 * Turns a story's paragraphs into heading, paragraph, list and table blocks, in order. A cell's
 * paragraphs, nested tables included, join into the cell's text, and the row-end mark closes a
 * row. Headings are structure only where a `trail` is given (not in footnotes).
 *
 * Where the properties say nothing (damaged or missing), cell marks alone shape the table: a cell
 * mark right after another with nothing between is taken as the row end. That guess reads an empty
 * cell as a row end, which still keeps every cell's text.
 */
export function docBlocks(
  paragraphs: readonly DocParagraph[],
  infoOf: (paragraph: DocParagraph) => DocParagraphInfo,
  trail: HeadingTrail | undefined,
  basePath: readonly string[],
): Block[] {
  const blocks: Block[] = []
  const path = () => [...basePath, ...(trail?.path() ?? [])]
  let rows: string[][] = []
  let row: string[] = []
  let cell: string[] = []
  let afterCell = false
  let list: { items: string[]; headingPath: string[] } | undefined

  const endRow = () => {
    if (cell.length > 0) row.push(cleanLine(cell.join(' ')))
    if (row.some((text) => text !== '')) rows.push(row)
    row = []
    cell = []
  }
  const endTable = () => {
    endRow()
    if (rows.length > 0) {
      const text = rows.map((cells) => cells.join(' | ')).join('\n')
      blocks.push({ kind: 'table', text, rows, headingPath: path() })
    }
    rows = []
  }
  const endList = () => {
    if (list !== undefined)
      blocks.push({ kind: 'list', text: list.items.join('\n'), headingPath: list.headingPath })
    list = undefined
  }

  for (const paragraph of paragraphs) {
    const info = infoOf(paragraph)
    if (paragraph.end === 'cell') {
      endList()
      const rowEnd = info.inTable
        ? info.rowEnd
        : afterCell && cell.length === 0 && paragraph.text.trim() === ''
      if (rowEnd) {
        endRow()
        afterCell = false
      } else {
        cell.push(paragraph.text)
        row.push(cleanLine(cell.join(' ')))
        cell = []
        afterCell = true
      }
      continue
    }
    if (info.inTable || row.length > 0) {
      // Inside a row, paragraph marks separate paragraphs of the next cell.
      endList()
      cell.push(paragraph.text)
      afterCell = false
      continue
    }
    endTable()
    afterCell = false
    const line = cleanLine(paragraph.text)
    if (line === '') continue
    if (info.headingLevel !== undefined && trail !== undefined) {
      endList()
      const headingPath = [...basePath, ...trail.enter(info.headingLevel, line)]
      blocks.push({ kind: 'heading', text: line, level: Math.min(info.headingLevel, 6), headingPath })
    } else if (info.listItem) {
      list ??= { items: [], headingPath: path() }
      list.items.push(line)
    } else {
      endList()
      blocks.push({ kind: 'paragraph', text: cleanText(paragraph.text), headingPath: path() })
    }
  }
  endTable()
  endList()
  return blocks
}
