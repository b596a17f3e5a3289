import { describe, expect, it } from 'vitest'
import { pageParagraphs } from './pageParagraphs'
import type { PdfJsTextItem } from './PdfJs'

/** A US Letter page's viewport: PDF user space (y up) to display space (y down). */
const LETTER = [1, 0, 0, -1, 0, 792]

interface ItemOptions {
  size?: number
  width?: number
  dir?: string
  transform?: number[]
}

/** A text item at (x, y) in user space; its width is estimated at half an em per character. */
function item(
  str: string,
  x: number,
  y: number,
  { size = 10, width, dir = 'ltr', transform }: ItemOptions = {},
) {
  return {
    str,
    dir,
    transform: transform ?? [size, 0, 0, size, x, y],
    width: width ?? str.length * size * 0.5,
    height: size,
    fontName: 'f1',
    hasEOL: false,
  } satisfies PdfJsTextItem
}

function texts(items: PdfJsTextItem[]): string[] {
  return pageParagraphs({ items }, LETTER).map((paragraph) => paragraph.text)
}

/** Lines of one column, 12 pt apart, each 40 characters (200 pt) wide. */
function column(x: number, top: number, lines: string[]): PdfJsTextItem[] {
  return lines.map((line, index) => item(line.padEnd(40, ' '), x, top - index * 12, { width: 200 }))
}

describe('pageParagraphs', () => {
  it('reads a title, then the left column, then the right one', () => {
    const items = [
      item('A Title Across Both Columns', 100, 700, { size: 18, width: 300 }),
      ...column(50, 650, ['left one', 'left two', 'left three']),
      ...column(300, 650, ['right one', 'right two', 'right three']),
    ]
    expect(texts(items)).toEqual([
      'A Title Across Both Columns',
      'left one left two left three',
      'right one right two right three',
    ])
  })

  it('separates columns that the content stream interleaves row by row', () => {
    const left = column(50, 650, ['a1', 'a2', 'a3', 'a4'])
    const right = column(300, 650, ['b1', 'b2', 'b3', 'b4'])
    const items = left.flatMap((line, index) => [line, right[index] ?? line])
    expect(texts(items)).toEqual(['a1 a2 a3 a4', 'b1 b2 b3 b4'])
  })

  it('keeps column order when both columns have a blank line at the same height', () => {
    const items = [
      item('A Title Across Both Columns', 100, 700, { size: 18, width: 300 }),
      ...column(50, 650, ['a1', 'a2']),
      ...column(300, 650, ['b1', 'b2']),
      ...column(50, 600, ['a3', 'a4']),
      ...column(300, 600, ['b3', 'b4']),
    ]
    expect(texts(items)).toEqual(['A Title Across Both Columns', 'a1 a2', 'a3 a4', 'b1 b2', 'b3 b4'])
  })

  it('does not take the gap after a run-in heading for a column gutter', () => {
    const items = [
      item('General Terms', 54, 263, { width: 55 }),
      item('Design, Experimentation, Measurement, Perfor-', 118, 263, { width: 175 }),
      item('mance.', 54, 253, { width: 26 }),
    ]
    expect(texts(items)).toEqual(['General Terms Design, Experimentation, Measurement, Performance.'])
  })

  it('reads right-to-left columns from the right and keeps runs in logical order', () => {
    const items = [
      item('مرحبا بكم', 400, 650, { dir: 'rtl', width: 150 }),
      item('Python', 340, 650, { width: 56 }),
      item('في العالم', 400, 638, { dir: 'rtl', width: 150 }),
      item('عمود ثان', 110, 650, { dir: 'rtl', width: 150 }),
      item('سطر آخر', 110, 638, { dir: 'rtl', width: 150 }),
    ]
    expect(texts(items)).toEqual(['مرحبا بكم Python في العالم', 'عمود ثان سطر آخر'])
  })

  it('joins touching runs without a space and spaced runs with one', () => {
    const items = [
      item('เวกเตอร์', 50, 700, { width: 40 }),
      item('ที่มีขนาด', 90, 700, { width: 40 }),
      item(' ', 130, 700, { width: 4 }),
      item('เท่ากับ', 134, 700, { width: 30 }),
      item('Gal', 50, 680, { width: 15 }),
      item('∗', 65, 684, { size: 7, width: 3 }),
      item('and', 72, 680, { width: 15 }),
    ]
    expect(texts(items)).toEqual(['เวกเตอร์ที่มีขนาด เท่ากับ Gal∗ and'])
  })

  it('mends words hyphenated at line ends and splits paragraphs at gaps and indents', () => {
    const items = [
      ...column(50, 700, ['a trac-', 'ing run of Trace-', 'Monkey ends here.']),
      item('Indented next paragraph', 62, 664, { width: 188 }),
      ...column(50, 620, ['after a gap']),
    ]
    expect(texts(items)).toEqual([
      'a tracing run of Trace-Monkey ends here.',
      'Indented next paragraph',
      'after a gap',
    ])
  })

  it('reads text turned by 90 degrees in its own frame, after the upright text', () => {
    const up = (str: string, x: number) =>
      item(str, x, 300, { transform: [0, 10, -10, 0, x, 300], width: 50 })
    const items = [up('first line', 20), up('second line', 32), item('upright', 100, 700)]
    expect(texts(items)).toEqual(['upright', 'first line second line'])
  })

  it('keeps diagonal text, in stream order, at the end', () => {
    const items = [item('DRAFT', 200, 400, { transform: [7, 7, -7, 7, 200, 400] }), item('body', 50, 700)]
    expect(texts(items)).toEqual(['body', 'DRAFT'])
  })

  it('reads vertical runs in stream order and closes up letter-spaced words', () => {
    const items = [
      item('縦書きの', 500, 700, { dir: 'ttb' }),
      item('文章', 480, 700, { dir: 'ttb' }),
      ...'ASIATICA'.split('').map((letter, index) => item(letter, 50 + index * 15, 650, { width: 8 })),
    ]
    expect(texts(items)).toEqual(['ASIATICA', '縦書きの文章'])
  })

  it('skips malformed items and marked content', () => {
    const items = [
      { type: 'beginMarkedContent' },
      item('bad', 50, 700, { transform: [Number.NaN, 0, 0, 10, 50, 700] }),
      item('good', 50, 680),
    ]
    expect(pageParagraphs({ items }, LETTER).map((paragraph) => paragraph.text)).toEqual(['good'])
  })

  it('keeps a run-in label (a glossary term, a heading in body type) off the sentences around it', () => {
    // Lines 12 pt apart in one size, no indent: only the label's short line tells where its entry starts.
    const lines = [
      'Really simple: open a web page and see if it causes a',
      'crash, and add a test to keep it from coming back.',
      'reftest (R)',
      'A reftest verifies that two web pages are rendered the',
      'same, to test layout and graphics correctness.',
      'Operators pay a fee',
      'for each engine, up to the cost of the parts.',
    ]
    const items = lines.map((line, index) => item(line, 50, 650 - index * 12))
    expect(texts(items)).toEqual([
      'Really simple: open a web page and see if it causes a crash, and add a test to keep it from coming back.',
      'reftest (R)',
      // A short line that ends no sentence but goes on in lower case is its sentence going on.
      'A reftest verifies that two web pages are rendered the same, to test layout and graphics correctness. ' +
        'Operators pay a fee for each engine, up to the cost of the parts.',
    ])
    // A label over a line that is no prose (a table's row of cells) stays beside it.
    const row = ['The parts are covered.', 'Parts cost', 'Up to $3,790 per engine'].map((line, index) =>
      item(line, 50, 650 - index * 12),
    )
    expect(texts(row)).toEqual(['The parts are covered. Parts cost Up to $3,790 per engine'])
    // A table's title between two rows of figures heads the rows after it, not the ones before (the
    // first table's title, opening the page, is a label of its own too).
    const tables = [
      'Ethanol ($/gal)',
      'Iowa 1.35 - 1.42 1.38 - 1.43 1.27 - 1.35',
      'Nebraska 1.38 - 1.40 1.36 - 1.43 1.27 - 1.35',
      'Biodiesel ($/gal)',
      'Iowa 2.85 2.99 - 3.30 2.85 - 3.07',
    ].map((line, index) => item(line, 50, 650 - index * 12))
    expect(texts(tables)).toEqual([
      'Ethanol ($/gal)',
      'Iowa 1.35 - 1.42 1.38 - 1.43 1.27 - 1.35 Nebraska 1.38 - 1.40 1.36 - 1.43 1.27 - 1.35',
      'Biodiesel ($/gal)',
      'Iowa 2.85 2.99 - 3.30 2.85 - 3.07',
    ])
  })

  it("keeps an FAQ's question in body type off its answer", () => {
    const lines = [
      'It may be attached to the house or stand on its own.',
      'Who can build an ADU?',
      'Any owner of a single-family lot in a residential zone may build one ADU. The owner',
      'does not need to live on the property.',
    ]
    const items = lines.map((line, index) => item(line, 50, 650 - index * 12))
    expect(texts(items)).toEqual([
      'It may be attached to the house or stand on its own.',
      'Who can build an ADU?',
      'Any owner of a single-family lot in a residential zone may build one ADU. The owner does not need to live on the property.',
    ])
  })
})
