import { describe, expect, it } from 'vitest'
import type { ChunkFilter, ChunkRecord } from '../store/ChunkRecord'
import { citedPageTexts, joinOverlapping } from './citedPageTexts'
import type { SourceDocument } from './SourceDocument'

function chunk(
  id: string,
  index: number,
  page: number | null,
  text: string,
  document_id = 'd1',
): ChunkRecord {
  return {
    id,
    document_id,
    collection_id: 'c1',
    index,
    text,
    page,
    heading: null,
    token_count: 10,
    embedder: null,
    vector: null,
  }
}

function source(number: number, of: ChunkRecord): SourceDocument {
  return {
    number,
    document_id: of.document_id,
    chunk_id: of.id,
    content: of.text,
    score: 1,
    filename: 'report.pdf',
    page: of.page,
    heading: null,
  }
}

/** The store port's chunk listing over an array, counting reads per document. */
function chunksOf(all: ChunkRecord[]) {
  const reads: string[] = []
  return {
    reads,
    listChunks: async (filter?: ChunkFilter) => {
      reads.push(filter?.documentId ?? '*')
      return all.filter((c) => !filter?.documentId || c.document_id === filter.documentId)
    },
  }
}

// A statement page as a PDF gives it: the row labels in one chunk, the year header and figures in the next.
const labels = chunk(
  'd1#4',
  4,
  7,
  'Consolidated Statement of Cash Flows. Capital spending. Sales of property.',
)
const figures = chunk('d1#5', 5, 7, 'Fiscal years 2021 2020. (4,625) (4,240). 166 55.')
const before = chunk('d1#3', 3, 6, 'Page six talks about dividends.')
const after = chunk('d1#6', 6, 8, 'Page eight talks about debt.')

describe('citedPageTexts', () => {
  it('gives a passage the rest of its page, in order, and nothing of other pages', async () => {
    const store = chunksOf([after, figures, labels, before])
    const texts = await citedPageTexts(store, [source(1, labels)])
    expect(texts.get('d1#4')).toBe(`${labels.text}\n${figures.text}`)
  })

  it('reads each document once, and leaves passages without a page (Markdown, Word) to their own text', async () => {
    const notes = chunk('d2#0', 0, null, 'A note without pages.', 'd2')
    const store = chunksOf([labels, figures, notes])
    const texts = await citedPageTexts(store, [source(1, labels), source(2, figures), source(3, notes)])
    expect(store.reads).toEqual(['d1'])
    expect(texts.get('d1#5')).toBe(`${labels.text}\n${figures.text}`)
    expect(texts.has('d2#0')).toBe(false)
  })

  it('clips a long page to an equal share of the budget, centred on the passage, never shorter than it', async () => {
    const filler = (word: string) => `${word} `.repeat(200).trim()
    const page = [
      chunk('d1#0', 0, 3, filler('alpha')),
      chunk('d1#1', 1, 3, 'The figure asked for is 42.'),
      chunk('d1#2', 2, 3, filler('omega')),
    ]
    const texts = await citedPageTexts(chunksOf(page), [source(1, page[1]!)], 400)
    const text = texts.get('d1#1')!
    expect(text.length).toBeLessThanOrEqual(402)
    expect(text).toContain('The figure asked for is 42.')
    expect(text).toMatch(/^…alpha/u)
    expect(text).toMatch(/omega…$/u)
    const tiny = await citedPageTexts(chunksOf(page), [source(1, page[0]!)], 10)
    expect(tiny.get('d1#0')).toContain(page[0]!.text)
  })

  it('keeps a passage alone when its document cannot be read or no longer holds it', async () => {
    const failing = { listChunks: async () => Promise.reject(new Error('closed')) }
    expect((await citedPageTexts(failing, [source(1, labels)])).size).toBe(0)
    expect((await citedPageTexts(chunksOf([figures]), [source(1, labels)])).size).toBe(0)
  })
})

describe('joinOverlapping', () => {
  it('drops the start of the next chunk that repeats the end of the text', () => {
    const first = 'One sentence here. Two sentences here, and the overlap starts now with these words.'
    const second = 'and the overlap starts now with these words. Then something new follows.'
    expect(joinOverlapping(first, second)).toBe(`${first} Then something new follows.`)
  })

  it('joins chunks that do not overlap with a line break', () => {
    expect(joinOverlapping('Capital spending', '(4,625)')).toBe('Capital spending\n(4,625)')
    expect(joinOverlapping('', 'first')).toBe('first')
  })
})
