import { describe, expect, it } from 'vitest'
import type { Block } from '../DocumentModel'
import { chunkDocument } from './chunkDocument'
import { dropPageFurniture, furnitureKey } from './dropPageFurniture'

const block = (text: string, page?: number): Block => ({ kind: 'paragraph', text, page, headingPath: [] })

const TOPICS = [
  'pricing',
  'volume',
  'currency',
  'tariffs',
  'freight',
  'energy',
  'labour',
  'resin',
  'leases',
  'taxes',
  'debt',
  'cash',
]

/** `count` pages (up to 12), each: a running header, two body paragraphs of its own, a page number. */
function filing(count: number): Block[] {
  const blocks: Block[] = []
  for (let page = 1; page <= count; page++) {
    const topic = TOPICS[page - 1]!
    blocks.push(block('ACME CORP. NOTES TO CONDENSED FINANCIAL STATEMENTS (Unaudited)', page))
    blocks.push(block(`Revenue grew because of ${topic}.`, page))
    blocks.push(block(page === 3 ? 'Table of Contents' : `Costs of ${topic} fell.`, page))
    blocks.push(block(`Page ${page}`, page))
  }
  return blocks
}

describe('dropPageFurniture', () => {
  it('drops a header and a page number repeated on most pages, and keeps every body block', () => {
    const kept = dropPageFurniture(filing(6)).map(({ text }) => text)
    expect(kept.some((text) => text.startsWith('ACME CORP.'))).toBe(false)
    expect(kept.some((text) => /^Page \d$/u.test(text))).toBe(false)
    expect(kept.filter((text) => text.startsWith('Revenue grew'))).toHaveLength(6)
    expect(kept.filter((text) => text.startsWith('Costs of'))).toHaveLength(5)
    // Text that looks like furniture but appears on one page only is body text.
    expect(kept).toContain('Table of Contents')
  })

  it('keeps the same text where it stands in the body of a page', () => {
    const blocks = filing(6)
    // Page 2 quotes the header in the middle of the page, between two body paragraphs.
    blocks.splice(
      5,
      0,
      block('Intro', 2),
      block('ACME CORP. NOTES TO CONDENSED FINANCIAL STATEMENTS (Unaudited)', 2),
    )
    const kept = dropPageFurniture(blocks)
    expect(kept.filter(({ text }) => text.startsWith('ACME CORP.'))).toEqual([blocks[6]])
  })

  it('needs a third of the pages, and at least four, before it calls a repeat furniture', () => {
    const blocks = filing(12).map((item) =>
      // The header on pages 1-3 only: a quarter of twelve pages.
      item.text.startsWith('ACME') && item.page! > 3
        ? block(`Heading of page ${item.page} alone`, item.page)
        : item,
    )
    expect(dropPageFurniture(blocks).filter(({ text }) => text.startsWith('ACME'))).toHaveLength(3)
    // Three pages repeating a footer are too few to tell furniture from a short document's style.
    expect(dropPageFurniture(filing(3))).toEqual(filing(3))
  })

  it('never takes a block of more than 20 words for furniture', () => {
    const long =
      'A long paragraph that a parser might repeat at the top of page after page, but which says far more than any running header does.'
    const blocks = filing(6).map((item) => (item.text.startsWith('ACME') ? block(long, item.page) : item))
    expect(dropPageFurniture(blocks).filter(({ text }) => text === long)).toHaveLength(6)
  })

  it('leaves documents without pages alone', () => {
    const blocks = Array.from({ length: 8 }, () => block('Same line'))
    expect(dropPageFurniture(blocks)).toEqual(blocks)
  })

  it('compares texts with digits, case and spacing masked', () => {
    expect(furnitureKey('  Page 12  of\n30 ')).toBe(furnitureKey('page 7 of 30'))
    expect(furnitureKey('Page 12')).not.toBe(furnitureKey('Part 12'))
  })

  it('is what chunkDocument indexes: no chunk carries the running header', () => {
    const chunks = chunkDocument({ blocks: filing(6), pages: 6 })
    expect(chunks.length).toBeGreaterThan(0)
    expect(chunks.some(({ text }) => text.includes('ACME CORP.') || /Page \d/u.test(text))).toBe(false)
    expect(chunks.map(({ page }) => page)).toEqual([1, 2, 3, 4, 5, 6])
  })
})
