import { describe, expect, it } from 'vitest'
import type { Block } from '../../core/ingest/DocumentModel'
import { previewBlocks } from './previewBlocks'

const block = (kind: Block['kind'], text: string, extra: Partial<Block> = {}): Block => ({
  kind,
  text,
  headingPath: [],
  ...extra,
})

describe('previewBlocks', () => {
  it("puts a Word file's headings under the dialog's h2, keeping their levels, with lists and tables", () => {
    const preview = previewBlocks([
      block('heading', 'Swimming', { level: 1 }),
      block('paragraph', 'Lay down in the water.'),
      block('heading', 'Eating', { level: 2 }),
      block('heading', 'Deep', { level: 5 }),
      block('list', 'Leaves\n\nBerries'),
      block('table', ' | Food\nBerries | 150', {
        rows: [
          ['', 'Food'],
          ['Berries', '150'],
        ],
      }),
      block('table', 'no cells'),
    ])
    expect(preview).toEqual({
      sections: [
        {
          blocks: [
            { kind: 'heading', text: 'Swimming', level: 3 },
            { kind: 'paragraph', text: 'Lay down in the water.' },
            { kind: 'heading', text: 'Eating', level: 4 },
            { kind: 'heading', text: 'Deep', level: 6 },
            { kind: 'list', items: ['Leaves', 'Berries'] },
            {
              kind: 'table',
              rows: [
                ['', 'Food'],
                ['Berries', '150'],
              ],
            },
            { kind: 'paragraph', text: 'no cells' },
          ],
        },
      ],
      shown: 7,
      total: 7,
    })
  })

  it('makes one section per slide, its title a heading unless it is only "Slide N"', () => {
    const preview = previewBlocks([
      block('slide', 'Test Table Slide', { page: 1 }),
      block('paragraph', 'With footnote', { page: 1 }),
      block('slide', 'Slide 2', { page: 2 }),
      block('note', 'Speak slowly.', { page: 2 }),
    ])
    expect(preview.sections).toEqual([
      {
        slide: 1,
        blocks: [
          { kind: 'heading', text: 'Test Table Slide', level: 4 },
          { kind: 'paragraph', text: 'With footnote' },
        ],
      },
      { slide: 2, blocks: [{ kind: 'note', text: 'Speak slowly.' }] },
    ])
  })

  it('stops at the block or character limit, and says how many blocks there were', () => {
    const many = Array.from({ length: 10 }, (_, index) => block('paragraph', `Paragraph ${index}`))
    const byCount = previewBlocks(many, { blocks: 3, chars: 1_000 })
    expect(byCount.shown).toBe(3)
    expect(byCount.total).toBe(10)
    expect(byCount.sections[0]?.blocks).toHaveLength(3)

    // The block that passes the character limit is drawn whole; the next is not drawn.
    const long = [
      block('paragraph', 'x'.repeat(50)),
      block('paragraph', 'y'.repeat(50)),
      block('paragraph', 'z'),
    ]
    expect(previewBlocks(long, { blocks: 100, chars: 60 }).shown).toBe(2)
  })
})
