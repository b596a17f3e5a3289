import { describe, expect, it } from 'vitest'
import { splitParagraphs } from './splitParagraphs'

describe('splitParagraphs', () => {
  it('keeps field results, drops instructions, nested fields included', () => {
    const text = 'See \u0013 REF x \u0013 PAGE \u00142\u0015\u0014page 2\u0015 now\r'
    expect(splitParagraphs(text, 0)).toEqual([
      { text: 'See page 2 now', end: 'paragraph', cp: text.length - 1 },
    ])
  })

  it('splits at paragraph, cell and section marks, with the CP of each mark', () => {
    expect(splitParagraphs('a\u0007b\u0007\u0007c\u000bd\u000ce', 10)).toEqual([
      { text: 'a', end: 'cell', cp: 11 },
      { text: 'b', end: 'cell', cp: 13 },
      { text: '', end: 'cell', cp: 14 },
      { text: 'c\nd', end: 'break', cp: 18 },
      { text: 'e', end: 'paragraph', cp: 20 },
    ])
  })

  it('does not let an unclosed field hide the rest of the document past its cell', () => {
    const paragraphs = splitParagraphs('x\u0013 broken\u0007after\r', 0)
    expect(paragraphs.map((p) => p.text)).toEqual(['x', 'after'])
  })
})
