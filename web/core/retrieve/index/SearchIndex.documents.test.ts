import { describe, expect, it } from 'vitest'
import type { ChunkRecord } from '../../store/ChunkRecord'
import { documentProfile } from '../documentEvidence'
import { exactVectorsOf } from './ExactVectors'
import { SearchIndex, type SearchMode } from './SearchIndex'

// Two companies' reports for two years, each with the same sentence on its page 7: only the
// document the question names can tell the right passage from its look-alikes.
const DOCUMENTS = [
  { id: 'acme-2021', filename: 'ACME_2021_10K.pdf', company: 'ACME WIDGETS, INC.', year: 2021 },
  { id: 'acme-2022', filename: 'ACME_2022_10K.pdf', company: 'ACME WIDGETS, INC.', year: 2022 },
  { id: 'globex-2022', filename: 'GLOBEX_2022_10K.pdf', company: 'GLOBEX CORPORATION', year: 2022 },
]

function chunksOf({ id, company, year }: (typeof DOCUMENTS)[number], vector: number[]): ChunkRecord[] {
  const base = {
    document_id: id,
    collection_id: 'reports',
    heading: null,
    token_count: 20,
    embedder: 'test-2d',
  }
  return [
    {
      ...base,
      id: `${id}#0`,
      index: 0,
      page: 1,
      text: `${company} Annual report for the fiscal year ended December 31, ${year}.`,
      vector: Float32Array.from(vector),
    },
    {
      ...base,
      id: `${id}#1`,
      index: 1,
      page: 7,
      text: 'Capital expenditures were 410 million, up from the prior year, mainly for new plants.',
      vector: Float32Array.from(vector),
    },
  ]
}

const chunks = DOCUMENTS.flatMap((document, i) => chunksOf(document, [1, i / 10]))
const profiles = DOCUMENTS.map(({ id, filename }) =>
  documentProfile({ documentId: id, filename, opening: chunks.find((c) => c.id === `${id}#0`)!.text }),
)

/** The first of the three look-alike page-7 passages in the results (the covers rank too). */
async function topDocument(query: string, mode: SearchMode, withProfiles: boolean): Promise<string> {
  const index = SearchIndex.fromChunks(chunks)
  const { results } = await index.search({
    query,
    queryVector: Float32Array.from([1, 0]),
    embedder: 'test-2d',
    exactVectors: exactVectorsOf(chunks),
    limit: 6,
    mode,
    similarityThreshold: 0,
    documentProfiles: withProfiles ? profiles : undefined,
  })
  return results.map(({ id }) => id).find((id) => id.endsWith('#1'))!
}

describe('SearchIndex with document profiles', () => {
  it.each(['bm25', 'hybrid', 'vector'] as const)(
    '%s: the passage of the document the question names outranks its look-alikes',
    async (mode) => {
      expect(await topDocument('What were Acme capital expenditures in FY2022?', mode, true)).toBe(
        'acme-2022#1',
      )
      expect(await topDocument('Globex capital expenditures 2022', mode, true)).toBe('globex-2022#1')
      expect(await topDocument("Acme's capital expenditures in fiscal 2021", mode, true)).toBe('acme-2021#1')
    },
  )

  it('without profiles the look-alikes cannot be told apart (the test can fail)', async () => {
    const tops = await Promise.all([
      topDocument('What were Acme capital expenditures in FY2022?', 'bm25', false),
      topDocument('Globex capital expenditures 2022', 'bm25', false),
      topDocument("Acme's capital expenditures in fiscal 2021", 'bm25', false),
    ])
    expect(new Set(tops).size).toBe(1)
  })

  it('counts a word by how many documents use it anywhere', () => {
    const index = SearchIndex.fromChunks(chunks)
    expect(index.documentFrequency('capital')).toBe(3)
    expect(index.documentFrequency('globex')).toBe(1)
    expect(index.documentFrequency('2022')).toBe(2)
    expect(index.documentFrequency('capital', ['elsewhere'])).toBe(0)
    expect(index.documentFrequency('unheard')).toBe(0)
    // Counting stops at the cap: a word in every document searched needs no more looking.
    expect(index.documentFrequency('capital', undefined, 2)).toBe(2)
  })
})
