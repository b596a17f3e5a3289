import type { Block } from '../../core/ingest/DocumentModel'

/** A block as the preview draws it: headings with their HTML level, lists as items, tables as rows. */
export type PreviewBlock =
  | { kind: 'heading'; text: string; level: 3 | 4 | 5 | 6 }
  | { kind: 'paragraph' | 'code' | 'note'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; rows: string[][] }

/** A slide (its number), or for a format without slides, the whole document (`slide` absent). */
export interface PreviewSection {
  slide?: number
  blocks: PreviewBlock[]
}

export interface BlockPreview {
  sections: PreviewSection[]
  /** How many of the document's blocks the sections hold. */
  shown: number
  total: number
}

export interface PreviewLimits {
  /** Most blocks to draw. */
  blocks: number
  /** Most characters of text to draw; the block that passes it is still drawn whole. */
  chars: number
}

/** Enough for a page or two of reading; a 300-page file would otherwise draw thousands of elements. */
export const PREVIEW_LIMITS: PreviewLimits = { blocks: 200, chars: 100_000 }

/**
 * What Quire read from a Word or PowerPoint file, shaped for the document dialog: the first blocks (up
 * to `limits`), grouped by slide where blocks carry a slide number (`page`). Heading levels move down
 * under the dialog's h2: a document's level 1 is an h3, and inside a slide (whose "Slide N" is the h3)
 * an h4; deeper levels stop at h6. A slide's title is a heading under "Slide N", unless it is only the
 * parser's stand-in "Slide N" itself.
 */
export function previewBlocks(
  blocks: readonly Block[],
  limits: PreviewLimits = PREVIEW_LIMITS,
): BlockPreview {
  const sections: PreviewSection[] = []
  let shown = 0
  let chars = 0
  for (const block of blocks) {
    if (shown >= limits.blocks || chars >= limits.chars) break
    shown += 1
    chars += block.text.length
    let section = sections.at(-1)
    if (!section || section.slide !== block.page) {
      section = block.page === undefined ? { blocks: [] } : { slide: block.page, blocks: [] }
      sections.push(section)
    }
    const drawn = previewBlock(block, section.slide !== undefined)
    if (drawn) section.blocks.push(drawn)
  }
  return { sections, shown, total: blocks.length }
}

function previewBlock(block: Block, inSlide: boolean): PreviewBlock | undefined {
  const below = inSlide ? 3 : 2
  switch (block.kind) {
    case 'heading':
      return { kind: 'heading', text: block.text, level: headingLevel(below + (block.level ?? 1)) }
    case 'slide':
      if (block.text === `Slide ${block.page}`) return undefined
      return { kind: 'heading', text: block.text, level: headingLevel(below + 1) }
    case 'list':
      return { kind: 'list', items: block.text.split('\n').filter((item) => item.trim() !== '') }
    case 'table':
      // A table without cells (none was found) still has its text to read.
      return block.rows?.length
        ? { kind: 'table', rows: block.rows }
        : { kind: 'paragraph', text: block.text }
    default:
      return { kind: block.kind, text: block.text }
  }
}

function headingLevel(level: number): 3 | 4 | 5 | 6 {
  return Math.min(6, Math.max(3, level)) as 3 | 4 | 5 | 6
}
