import { describe, expect, it } from 'vitest'
import type { RawParagraph } from './buildParagraphs'
import { toBlocks } from './toBlocks'

const body = (text: string): RawParagraph => ({ text, fontSize: 10, lines: 4 })
const large = (text: string, fontSize: number): RawParagraph => ({ text, fontSize, lines: 1 })

describe('toBlocks', () => {
  it('ranks larger short paragraphs as headings and tracks the heading path', () => {
    const blocks = toBlocks([
      { page: 1, paragraphs: [large('Title', 18), large('Part', 14), body('intro '.repeat(20))] },
      { page: 2, paragraphs: [large('Next Part', 14), body('more '.repeat(20)), large('2007', 40)] },
    ])
    expect(blocks.map(({ kind, level, page, headingPath }) => ({ kind, level, page, headingPath }))).toEqual([
      { kind: 'heading', level: 1, page: 1, headingPath: [] },
      { kind: 'heading', level: 2, page: 1, headingPath: ['Title'] },
      { kind: 'paragraph', level: undefined, page: 1, headingPath: ['Title', 'Part'] },
      { kind: 'heading', level: 2, page: 2, headingPath: ['Title'] },
      { kind: 'paragraph', level: undefined, page: 2, headingPath: ['Title', 'Next Part'] },
      // Digits alone are no heading, however large.
      { kind: 'paragraph', level: undefined, page: 2, headingPath: ['Title', 'Next Part'] },
    ])
  })

  it('keeps long or slightly larger paragraphs as paragraphs', () => {
    const blocks = toBlocks([
      { page: 1, paragraphs: [body('body '.repeat(50)), large('a'.repeat(200), 20), large('Almost', 11.5)] },
    ])
    expect(blocks.every((block) => block.kind === 'paragraph')).toBe(true)
  })
})
