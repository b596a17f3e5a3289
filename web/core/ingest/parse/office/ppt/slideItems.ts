import { ParseError } from '../../../ParseError'
import { cleanLine } from '../cleanText'
import { decodeLatin1 } from '../../decodeWindows1252'
import { childRecords, RT, u32 } from './pptRecords'
import type { PptRecord } from './pptRecords'

/** A text of a slide or notes page: its TextHeaderAtom type (0 title, 1 body, 2 notes, 4 other, 5 centred body, 6 centred title...) and raw text (\r between paragraphs). */
export interface TextItem {
  kind: 'text'
  type: number
  text: string
}
export interface TableItem {
  kind: 'table'
  rows: string[][]
}
export type SlideItem = TextItem | TableItem

const TABLE_PROPERTIES = 0x039f
const OTHER = 4
// Slides nest drawings a few levels deep; anything far deeper is hostile.
const MAX_DEPTH = 64

/**
 * Collects the texts of a SlideContainer or NotesContainer in drawing order (MS-PPT 2.9): a
 * TextHeaderAtom opens a text whose TextCharsAtom (UTF-16LE) or TextBytesAtom (Latin-1) follows; an
 * OutlineTextRefAtom points into `outline`, the slide's texts kept in the SlideListWithText (their
 * indexes are added to `usedOutline`). A group shape whose properties carry tableProperties is a
 * table: its cells are shapes with child anchors, rowed by their top edge and ordered by their left.
 * CStrings are not read: in slides they hold tag names and hyperlink targets, not slide text.
 */
export function slideItems(
  view: DataView,
  container: PptRecord,
  outline: TextItem[],
  usedOutline: Set<number>,
): SlideItem[] {
  const items: SlideItem[] = []
  walk(view, container, items, outline, usedOutline, 0)
  return items
}

function walk(
  view: DataView,
  record: PptRecord,
  items: SlideItem[],
  outline: TextItem[],
  used: Set<number>,
  depth: number,
) {
  if (depth > MAX_DEPTH)
    throw new ParseError('corrupt', 'The PowerPoint file is damaged: its drawing is nested too deeply')
  let current: TextItem | undefined
  for (const child of childRecords(view, record)) {
    if (child.type === RT.TextHeaderAtom) {
      current = { kind: 'text', type: u32(view, child, 0) ?? OTHER, text: '' }
      items.push(current)
    } else if (child.type === RT.TextCharsAtom || child.type === RT.TextBytesAtom) {
      const text = decodeText(view, child)
      if (current !== undefined && current.text === '') current.text = text
      else items.push({ kind: 'text', type: OTHER, text })
    } else if (child.type === RT.OutlineTextRefAtom) {
      const index = u32(view, child, 0)
      const referenced = index === undefined ? undefined : outline[index]
      if (index !== undefined && referenced !== undefined) {
        used.add(index)
        items.push(referenced)
      }
    } else if (child.type === RT.SpgrContainer && isTable(view, child)) {
      const rows = tableRows(view, child, outline, used, depth + 1)
      if (rows.length > 0) items.push({ kind: 'table', rows })
    } else if (child.version === 0x0f) {
      walk(view, child, items, outline, used, depth + 1)
    }
  }
}

/** Text atom data: UTF-16LE (TextCharsAtom) or one byte per character (TextBytesAtom). */
export function decodeText(view: DataView, record: PptRecord): string {
  const bytes = new Uint8Array(view.buffer, view.byteOffset + record.start, record.end - record.start)
  return record.type === RT.TextCharsAtom ? new TextDecoder('utf-16le').decode(bytes) : decodeLatin1(bytes)
}

/** The group's own shape (its first SpContainer) has tableProperties in its property tables. */
function isTable(view: DataView, group: PptRecord): boolean {
  const shape = childRecords(view, group).find((child) => child.type === RT.SpContainer)
  if (shape === undefined) return false
  return childRecords(view, shape).some((child) => {
    if (child.type !== RT.FOPT && child.type !== RT.TertiaryFOPT) return false
    // recInstance is the number of 6-byte property entries (16-bit id, 32-bit value).
    for (let i = 0; i < child.instance && child.start + i * 6 + 6 <= child.end; i++) {
      if ((view.getUint16(child.start + i * 6, true) & 0x3fff) === TABLE_PROPERTIES) return true
    }
    return false
  })
}

function tableRows(
  view: DataView,
  group: PptRecord,
  outline: TextItem[],
  used: Set<number>,
  depth: number,
): string[][] {
  const cells: { top: number; left: number; text: string }[] = []
  for (const shape of childRecords(view, group)
    .filter((child) => child.type === RT.SpContainer)
    .slice(1)) {
    const anchor = childRecords(view, shape).find((child) => child.type === RT.ChildAnchor)
    if (anchor === undefined || anchor.end - anchor.start < 16) continue
    const texts: SlideItem[] = []
    walk(view, shape, texts, outline, used, depth + 1)
    // Border lines are shapes too, but only cells carry a text header.
    if (texts.length === 0) continue
    const text = texts.map((item) => (item.kind === 'text' ? cleanLine(item.text) : '')).join(' ')
    cells.push({
      left: view.getInt32(anchor.start, true),
      top: view.getInt32(anchor.start + 4, true),
      text: text.trim(),
    })
  }
  const tops = [...new Set(cells.map((cell) => cell.top))].sort((a, b) => a - b)
  return tops
    .map((top) =>
      cells
        .filter((cell) => cell.top === top)
        .sort((a, b) => a.left - b.left)
        .map((cell) => cell.text),
    )
    .filter((row) => row.some((text) => text !== ''))
}
