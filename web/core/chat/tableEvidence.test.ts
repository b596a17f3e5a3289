import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../retrieve/understandQuestion'
import type { ChunkRecord } from '../store/ChunkRecord'
import type { SourceDocument } from './SourceDocument'
import { abbreviationsByDocument } from './abbreviationsByDocument'
import { tableEvidence } from './tableEvidence'

function passage(number: number, documentId: string, content: string): SourceDocument {
  return {
    number,
    document_id: documentId,
    chunk_id: `${documentId}-${number}`,
    content,
    score: 1 / number,
    filename: `${documentId}.pdf`,
    page: number,
    heading: null,
  }
}

function chunk(documentId: string, index: number, text: string): ChunkRecord {
  return {
    id: `${documentId}-chunk-${index}`,
    document_id: documentId,
    index,
    page: 50 + index,
    text,
  } as ChunkRecord
}

const STATEMENT = [
  'Consolidated Statements of Operations (In millions) | 2022 | 2021',
  'Net revenue | $ 3,991 | $ 5,506',
  'Research and development | 947 | 1,072',
].join('\n')

const chunks = [
  chunk('ACME_2022_10K', 1, 'We invest in research to grow.'),
  chunk('ACME_2022_10K', 2, STATEMENT),
  chunk(
    'OTHER_2022_10K',
    1,
    ['Costs (In millions) | 2022 | 2021', 'Research and development | 5 | 4'].join('\n'),
  ),
]
const store = {
  listChunks: async ({ documentId }: { documentId?: string } = {}) =>
    chunks.filter((item) => item.document_id === documentId),
}

const tablesFor = (question: string, pool: SourceDocument[]) =>
  tableEvidence({ store, pool, understanding: understandQuestion(question), documentWords: new Map() })

describe('tableEvidence', () => {
  it("finds the statement row in the whole of the document search found, though search's pool lacks it", async () => {
    const pool = [
      passage(1, 'ACME_2022_10K', 'Acme spent more on research and development in 2022 than before.'),
      passage(2, 'ACME_2022_10K', 'Acme employees work in 2022 on chips.'),
    ]
    const found = await tablesFor('Acme R&D 2022', pool)
    expect(found.map((source) => source.chunk_id)).toEqual(['ACME_2022_10K-chunk-2'])
    expect(found[0]?.number).toBe(3)
  })

  it('reads no document that does not name what the question names', async () => {
    const pool = [passage(1, 'OTHER_2022_10K', 'Other Corp research and development spending in 2022.')]
    expect(await tablesFor('Acme R&D 2022', pool)).toEqual([])
  })

  it('adds nothing for a question that asks for no figure in a period', async () => {
    const pool = [passage(1, 'ACME_2022_10K', 'Acme is a chip maker.')]
    expect(await tablesFor('Who is the CEO of Acme?', pool)).toEqual([])
  })
})

describe('abbreviationsByDocument', () => {
  it('makes a whole document about a ticker one of its passages names', () => {
    const pool = [
      passage(1, 'ACME_2022_10K', 'Our stock trades under the symbol ACMX.'),
      passage(2, 'ACME_2022_10K', STATEMENT),
    ]
    const words = abbreviationsByDocument(pool, understandQuestion('ACMX revenue 2022'), new Map())
    expect([...(words.get('ACME_2022_10K') ?? [])]).toEqual(['acmx'])
  })

  it('leaves an abbreviation some passage spells out to the passages that name it', () => {
    const pool = [
      passage(1, 'ACME_2022_10K', 'Jane Roe is our Chief Executive Officer (CEO).'),
      passage(2, 'ACME_2022_10K', STATEMENT),
    ]
    const words = abbreviationsByDocument(pool, understandQuestion('Who is the CEO of Acme?'), new Map())
    expect(words.get('ACME_2022_10K')).toBeUndefined()
  })
})
