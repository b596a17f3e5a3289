import type { Block } from '../../../DocumentModel'
import { cleanLine } from '../cleanText'
import type { SlideItem, TextItem } from './slideItems'

// TextHeaderAtom types (MS-PPT 2.13.33 TextTypeEnum).
const TITLE = 0
const NOTES = 2
const OTHER = 4
const CENTER_TITLE = 6
const BULLETED = new Set([1, 7, 8]) // body, half body, quarter body
const MAX_TITLE_WORDS = 15

/**
 * Shapes one slide's items into blocks: the first title text becomes the `slide` block (else the
 * text-box title, else "Slide N"), body texts with several paragraphs become lists, other texts paragraphs, tables
 * tables; notes-placeholder texts of the notes page become `note` blocks. A lone "*" is the
 * slide-number field's placeholder and is dropped.
 */
export function itemBlocks(items: SlideItem[], notes: SlideItem[], page: number) {
  const titleItem = items.find(
    (item) => item.kind === 'text' && isTitle(item.type) && cleanLine(item.text) !== '',
  )
  const title = titleItem?.kind === 'text' ? cleanLine(titleItem.text) : undefined
  const boxTitle = title === undefined ? textBoxTitle(items, page) : undefined
  const slideTitle = title ?? (boxTitle === undefined ? `Slide ${page}` : cleanLine(boxTitle.text))
  const blocks: Block[] = [{ kind: 'slide', text: slideTitle, page, headingPath: [slideTitle] }]
  for (const item of items) {
    if (item === titleItem || item === boxTitle) continue
    if (item.kind === 'table') {
      const text = item.rows.map((row) => row.join(' | ')).join('\n')
      blocks.push({ kind: 'table', text, rows: item.rows, page, headingPath: [slideTitle] })
      continue
    }
    const paragraphs = paragraphsOf(item.text)
    if (paragraphs.length === 0) continue
    const kind = paragraphs.length > 1 && BULLETED.has(item.type) ? 'list' : 'paragraph'
    blocks.push({ kind, text: paragraphs.join('\n'), page, headingPath: [slideTitle] })
  }
  for (const item of notes) {
    if (item.kind !== 'text' || item.type !== NOTES) continue
    const paragraphs = paragraphsOf(item.text)
    if (paragraphs.length > 0)
      blocks.push({ kind: 'note', text: paragraphs.join('\n'), page, headingPath: [slideTitle] })
  }
  return { blocks, title, hasText: title !== undefined || blocks.length > 1 }
}

/**
 * Decks drawn freehand leave the title placeholder empty and type each slide's title into a text
 * box: the slide's one single-paragraph "other" text, when it reads as a heading (letters, at most
 * MAX_TITLE_WORDS words, not a link or an address, which such boxes hold in footers). A slide with
 * several such boxes (a diagram's labels) keeps "Slide N", and so does the first slide, whose boxes
 * are the deck's title and subtitle. Not the deck's title: only a placeholder names the deck.
 */
function textBoxTitle(items: SlideItem[], page: number): TextItem | undefined {
  if (page === 1) return undefined
  const single = items.filter(
    (item): item is TextItem =>
      item.kind === 'text' && item.type === OTHER && paragraphsOf(item.text).length === 1,
  )
  if (single.length !== 1) return undefined
  const line = paragraphsOf(single[0]!.text)[0]!
  const words = line.split(' ').length
  if (!/\p{L}/u.test(line) || words > MAX_TITLE_WORDS || /^\S*[.@/]\S*$/.test(line)) return undefined
  return single[0]
}

function isTitle(type: number): boolean {
  return type === TITLE || type === CENTER_TITLE
}

// Paragraphs end with \r; a vertical tab is a line break inside one.
function paragraphsOf(text: string): string[] {
  return text
    .split('\r')
    .map((paragraph) => cleanLine(paragraph.replace(/\v/g, ' ')))
    .filter((paragraph) => paragraph !== '' && paragraph !== '*')
}
