import { describe, expect, it } from 'vitest'
import { loadNodePdfJs } from '../../src/ingest/nodePdfjs'
import { extractiveAnswer } from '../../../web/core/generate/extractiveGenerator'
import { exactVectorsOf } from '../../../web/core/retrieve/index/ExactVectors'
import { SearchIndex } from '../../../web/core/retrieve/index/SearchIndex'
import { writePdf } from '../../../web/core/testing/writePdf'
import { chunkDocument } from '../../../web/core/ingest/chunk/chunkDocument'
import { createPdfParser } from '../../../web/core/ingest/parse/pdf/createPdfParser'

const parser = createPdfParser(loadNodePdfJs)

/** One line of Helvetica at (x, y) in points from the page's bottom left. */
const text = (x: number, y: number, words: string, size = 10) =>
  `BT /F1 ${size} Tf ${x} ${y} Td (${words.replace(/([()\\])/gu, '\\$1')}) Tj ET`

/** The statement's rows under its first section heading: each label with its figures for 2024 and 2023. */
const STATEMENT_ROWS: ReadonlyArray<[string, string, string]> = [
  ['Net income', '$ 1,250', '$ 1,100'],
  ['Depreciation of warehouses', '310', '295'],
  ['Cash paid for restructuring', '(42)', '(18)'],
  ['Investing Activities', '', ''],
  ['Purchases of forklifts and racking', '(875)', '(640)'],
  ['Sales of old trucks', '35', '-'],
]

/** A statement page as annual reports set it: title, then labels on the left and a column of figures per year. */
function statementPage(): string {
  const lines = [
    text(40, 760, 'Statement of Cash Flows', 11),
    text(40, 740, 'Northwind Trading and Subsidiaries, fiscal years ended March 31 (in thousands)'),
    text(430, 715, '2024'),
    text(500, 715, '2023'),
    text(40, 700, 'Operating Activities'),
  ]
  STATEMENT_ROWS.forEach(([label, a, b], i) => {
    const y = 685 - 15 * i
    lines.push(text(40, y, label))
    if (a) lines.push(text(454 - a.length * 5, y, a))
    if (b) lines.push(text(524 - b.length * 5, y, b))
  })
  lines.push(text(40, 560, 'See the accompanying notes, which are part of these statements.'))
  return lines.join('\n')
}

/** Two columns of prose whose lines share baselines, with a few numbers in them: not a table. */
function twoColumnPage(): string {
  const left = [
    'The warehouse opened in 2019 and',
    'grew to 120 staff by the end of',
    'the year, when a second site',
    'followed in the north of 2021.',
  ]
  const right = [
    'Forklift training takes 3 days and',
    'every driver renews it after 24',
    'months; the records are kept',
    'for 6 years after a driver leaves.',
  ]
  return [
    ...left.map((line, i) => text(40, 700 - 14 * i, line)),
    ...right.map((line, i) => text(320, 700 - 14 * i, line)),
  ].join('\n')
}

describe('PDF tables of figures', () => {
  it('reads a statement row by row: each label with its figures, under its title and years; a note below as text', async () => {
    const document = await parser.parse(writePdf([{ width: 612, height: 792, content: statementPage() }]))
    const table = document.blocks.find((block) => block.kind === 'table')
    expect(table?.rows).toEqual([
      [
        'Statement of Cash Flows Northwind Trading and Subsidiaries, fiscal years ended March 31 (in thousands)',
        '2024',
        '2023',
      ],
      ['Operating Activities', '', ''],
      // Every row as the page sets it, read back in order.
      ...STATEMENT_ROWS,
    ])
    // The title heads the label column (each part of a split table repeats it); the note stays text.
    const texts = document.blocks.map((block) => block.text)
    expect(texts).not.toContain('Statement of Cash Flows')
    expect(texts.at(-1)).toBe('See the accompanying notes, which are part of these statements.')
  })

  it('leaves two columns of prose as text, read column by column', async () => {
    const document = await parser.parse(writePdf([{ width: 612, height: 792, content: twoColumnPage() }]))
    expect(document.blocks.map((block) => block.kind)).not.toContain('table')
    expect(document.blocks.map((block) => block.text).join(' ')).toContain(
      'The warehouse opened in 2019 and grew to 120 staff by the end of the year, when a second site followed in the north of 2021.',
    )
  })

  it('keeps a row with its label and its column years, so search and the quoted answer meet both', async () => {
    const document = await parser.parse(writePdf([{ width: 612, height: 792, content: statementPage() }]))
    // A small chunk budget splits the table: every part still starts with the years.
    const chunks = chunkDocument(document, { targetTokens: 70, maxTokens: 70 })
    const tableChunks = chunks.filter((chunk) => chunk.text.includes(' | '))
    expect(tableChunks.length).toBeGreaterThan(1)
    for (const chunk of tableChunks)
      expect(chunk.text.split('\n')[0]).toMatch(/^Statement of Cash Flows .* \| 2024 \| 2023$/u)
    const records = chunks.map((chunk, i) => ({
      id: `c${i}`,
      document_id: 'd',
      collection_id: 'c',
      index: i,
      text: chunk.text,
      page: chunk.page,
      heading: chunk.heading,
      token_count: chunk.tokenCount,
      embedder: null,
      vector: null,
    }))
    const index = SearchIndex.fromChunks(records)
    const question = 'How much was spent on purchases of forklifts in 2024?'
    const { results } = await index.search({
      query: question,
      limit: 1,
      mode: 'bm25',
      exactVectors: exactVectorsOf(records),
      similarityThreshold: 0,
    })
    const found = chunks[Number(results[0]!.id.slice(1))]!
    expect(found.text).toContain('Purchases of forklifts and racking | (875) | (640)')
    const answer = extractiveAnswer({
      question,
      sources: [
        {
          number: 1,
          chunk_id: 'c',
          document_id: 'd',
          filename: 'cash.pdf',
          page: 1,
          heading: found.heading,
          text: found.text,
          score: 1,
        },
      ],
    })
    // The cell of the asked year first, with the table's unit, then its row as evidence.
    expect(answer).toBe(
      'Purchases of forklifts and racking, 2024: (875) thousand [1]. From the row: Purchases of forklifts ' +
        'and racking | (875) | (640) (Statement of Cash Flows Northwind Trading and Subsidiaries, fiscal ' +
        'years ended March 31 (in thousands), 2024, 2023; Investing Activities).',
    )
  })
})
