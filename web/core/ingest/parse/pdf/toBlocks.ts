import type { Block } from '../../DocumentModel'
import type { RawParagraph } from './buildParagraphs'
import { dominantSize } from './geometry'

export interface PageParagraphs {
  /** 1-based. */
  page: number
  paragraphs: RawParagraph[]
}

/** A heading is set clearly larger than the body text: 20% at least (bold body-size headings are missed). */
const HEADING_RATIO = 1.2
const MAX_HEADING_CHARS = 150
const MAX_HEADING_LINES = 3

/**
 * Turns the pages' paragraphs into blocks. Headings are found conservatively, over the whole document: a
 * short paragraph (a few lines, some letters) whose size is clearly above the body size (the size most
 * characters have) becomes a heading; its level is the rank of its size among the heading sizes, largest
 * first, capped at 6. False headings only cost a wrong `headingPath`; the text is kept either way.
 */
export function toBlocks(pages: readonly PageParagraphs[]): Block[] {
  const all = pages.flatMap(({ paragraphs }) => paragraphs)
  const body = dominantSize(
    all
      .filter((paragraph) => paragraph.fontSize > 0)
      .map((paragraph) => ({ fontSize: paragraph.fontSize, chars: paragraph.text.length })),
  )
  const isHeading = (paragraph: RawParagraph): boolean =>
    body > 0 &&
    !paragraph.rows &&
    paragraph.fontSize >= HEADING_RATIO * body &&
    paragraph.lines <= MAX_HEADING_LINES &&
    paragraph.text.length <= MAX_HEADING_CHARS &&
    (paragraph.text.match(/\p{L}/gu)?.length ?? 0) >= 2
  const sizes = [...new Set(all.filter(isHeading).map((paragraph) => paragraph.fontSize))].sort(
    (a, b) => b - a,
  )

  const blocks: Block[] = []
  const open: Array<{ level: number; text: string }> = []
  for (const { page, paragraphs } of pages) {
    for (const paragraph of paragraphs) {
      const path = open.map((heading) => heading.text)
      if (isHeading(paragraph)) {
        const level = Math.min(6, sizes.indexOf(paragraph.fontSize) + 1)
        while ((open.at(-1)?.level ?? 0) >= level) open.pop()
        blocks.push({
          kind: 'heading',
          text: paragraph.text,
          page,
          level,
          headingPath: open.map((heading) => heading.text),
        })
        open.push({ level, text: paragraph.text })
      } else if (paragraph.rows) {
        blocks.push({ kind: 'table', text: paragraph.text, page, headingPath: path, rows: paragraph.rows })
      } else {
        blocks.push({ kind: 'paragraph', text: paragraph.text, page, headingPath: path })
      }
    }
  }
  return blocks
}
