import { CharacterBudget } from '../../../CharacterBudget'
import type { Block, DocumentParser, ParsedDocument } from '../../../DocumentModel'
import { ParseError } from '../../../ParseError'
import { openCompoundFile } from '../compoundFile'
import { guardParse, throwIfAborted } from '../parseGuard'
import { summaryTitle } from '../summaryTitle'
import { readPersistDirectory } from './persistDirectory'
import { childRecords, recordAt, RT, u32 } from './pptRecords'
import type { PptRecord } from './pptRecords'
import { itemBlocks } from './itemBlocks'
import { decodeText, slideItems } from './slideItems'
import type { TextItem } from './slideItems'

/**
 * PowerPoint 97-2003 (.ppt). The persist directory locates the DocumentContainer; its
 * SlideListWithText (instance 0) lists the slides in order, each SlidePersistAtom followed by the
 * slide's outline texts (older writers keep text there, newer ones in the slide's drawing). Each
 * slide's container gives its texts and tables; its SlideAtom names its notes page, found through
 * the notes list (instance 2), whose notes-placeholder text becomes `note` blocks. Blocks are shaped
 * as in pptx: a `slide` block with the title (or "Slide N"), then the body, then notes.
 */
export const pptParser: DocumentParser = {
  kinds: ['ppt'],
  parse: (bytes, options) =>
    guardParse('The PowerPoint file is damaged and could not be read', () =>
      parsePpt(bytes, options.signal, new CharacterBudget(options.maxChars)),
    ),
}

interface SlideEntry {
  persistId: number
  outline: TextItem[]
}

/** Slide by slide; stops at the slide whose text passes `budget`. */
function parsePpt(
  bytes: Uint8Array,
  signal: AbortSignal | undefined,
  budget: CharacterBudget,
): ParsedDocument {
  const file = openCompoundFile(bytes, 'PowerPoint 97-2003 presentation')
  const stream = file.stream('PowerPoint Document')
  const currentUser = file.stream('Current User')
  if (stream === undefined || currentUser === undefined) {
    throw new ParseError(
      'corrupt',
      'The file is not a PowerPoint presentation (its document stream is missing)',
    )
  }
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength)
  const directory = readPersistDirectory(currentUser, view)
  const documentOffset = directory.offsets.get(directory.documentId)
  const document = documentOffset === undefined ? undefined : recordAt(view, documentOffset)
  if (document?.type !== RT.Document)
    throw new ParseError('corrupt', 'The PowerPoint file is damaged: its document record is missing')

  const lists = childRecords(view, document).filter((record) => record.type === RT.SlideListWithText)
  const slides = slideEntries(
    view,
    lists.find((list) => list.instance === 0),
  )
  const notesById = notesPersistIds(
    view,
    lists.find((list) => list.instance === 2),
  )

  const blocks: Block[] = []
  let page = 0
  let firstTitle: string | undefined
  let hasText = false
  // A slide listed twice (only a hostile file does that) is read once.
  const seen = new Set<number>()
  for (const entry of slides) {
    throwIfAborted(signal)
    const slide = recordFor(view, directory.offsets.get(entry.persistId), RT.Slide)
    if (slide === undefined || seen.has(slide.start)) continue
    seen.add(slide.start)
    page++
    const used = new Set<number>()
    const items = slideItems(view, slide, entry.outline, used)
    // Outline texts no drawing refers to would otherwise be lost.
    items.push(...entry.outline.filter((_, index) => !used.has(index)))
    const notes = recordFor(view, notesOffset(view, slide, notesById, directory.offsets), RT.Notes)
    const noteItems = notes === undefined ? [] : slideItems(view, notes, [], new Set())
    const slideBlocks = itemBlocks(items, noteItems, page)
    firstTitle ??= slideBlocks.title
    hasText ||= slideBlocks.hasText
    for (const block of slideBlocks.blocks) budget.spend(block.text)
    blocks.push(...slideBlocks.blocks)
  }
  if (page === 0) throw new ParseError('no_text', 'The presentation has no slides')
  if (!hasText) throw new ParseError('no_text', 'The presentation contains no extractable text')
  const title = summaryTitle(file) ?? firstTitle
  return title === undefined ? { blocks, pages: page } : { blocks, pages: page, title }
}

/** Slides in order with the outline texts that follow each SlidePersistAtom. */
function slideEntries(view: DataView, list: PptRecord | undefined): SlideEntry[] {
  const entries: SlideEntry[] = []
  let current: SlideEntry | undefined
  let text: TextItem | undefined
  for (const record of list === undefined ? [] : childRecords(view, list)) {
    if (record.type === RT.SlidePersistAtom) {
      const persistId = u32(view, record, 0)
      current = persistId === undefined ? undefined : { persistId, outline: [] }
      if (current !== undefined) entries.push(current)
      text = undefined
    } else if (record.type === RT.TextHeaderAtom && current !== undefined) {
      text = { kind: 'text', type: u32(view, record, 0) ?? 4, text: '' }
      current.outline.push(text)
    } else if ((record.type === RT.TextCharsAtom || record.type === RT.TextBytesAtom) && text !== undefined) {
      text.text = decodeText(view, record)
    }
  }
  return entries
}

/** Notes id (SlidePersistAtom.slideId in the notes list) -> persist id of the NotesContainer. */
function notesPersistIds(view: DataView, list: PptRecord | undefined): Map<number, number> {
  const ids = new Map<number, number>()
  for (const record of list === undefined ? [] : childRecords(view, list)) {
    if (record.type !== RT.SlidePersistAtom) continue
    const persistId = u32(view, record, 0)
    const notesId = u32(view, record, 12)
    if (persistId !== undefined && notesId !== undefined) ids.set(notesId, persistId)
  }
  return ids
}

/** The offset of a slide's notes page: SlideAtom.notesIdRef (0 = none) through the notes list. */
function notesOffset(
  view: DataView,
  slide: PptRecord,
  notesById: Map<number, number>,
  offsets: Map<number, number>,
) {
  const atom = childRecords(view, slide).find((record) => record.type === RT.SlideAtom)
  const notesId = atom === undefined ? undefined : u32(view, atom, 16)
  const persistId = notesId === undefined || notesId === 0 ? undefined : notesById.get(notesId)
  return persistId === undefined ? undefined : offsets.get(persistId)
}

/** The record at `offset` if it has the expected type; a dangling or mistyped reference is skipped. */
function recordFor(view: DataView, offset: number | undefined, type: number): PptRecord | undefined {
  if (offset === undefined || offset + 8 > view.byteLength) return undefined
  const record = recordAt(view, offset)
  return record.type === type ? record : undefined
}
