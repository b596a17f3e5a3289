import { describe, expect, it } from 'vitest'
import type { ChunkRecord } from '../store/ChunkRecord'
import { newChunk, newCollection, newDocument } from '../testing/conformance/store/fixtures'
import type { DocumentRecord } from '../store/DocumentRecord'
import { arraySearchPorts } from '../testing/arraySearchPorts'
import { searchChunks } from './searchChunks'

/** One paged document of these passages (page by page) in a collection of its own, and ports over it. */
function filing(pages: string[], metadata: Record<string, unknown> = {}) {
  const collectionId = newCollection().id
  const document: DocumentRecord = {
    ...newDocument(collectionId),
    status: 'completed',
    chunk_count: pages.length,
    metadata,
  }
  const chunks: ChunkRecord[] = pages.map((text, i) =>
    newChunk(document, i, { page: i + 1, text, embedder: null, vector: null }),
  )
  const { ports } = arraySearchPorts([document], chunks)
  const search = (query: string, topK = 1) =>
    searchChunks(ports, { queries: [query], collectionIds: [collectionId], topK, hybrid: true })
  return { search, chunks }
}

const FILLER = Array.from({ length: 6 }, (_, i) => `Acme opened store number ${i + 10} in the north.`)

describe('searchChunks reads what a question names', () => {
  it('answers from the statement a question names before a passage that only repeats its words', async () => {
    const { search, chunks } = filing([
      ...FILLER,
      'Revenue in 2022: segment revenue 2022 grew, and revenue 2022 is shown in the income statement as revenue.',
      'ACME CORP. CONSOLIDATED STATEMENTS OF INCOME (In millions) | 2022 | 2021 / Revenue | 2,100 | 1,900',
    ])
    const statement = chunks.at(-1)!.id
    // The words alone rank the passage that repeats them first.
    expect((await search('Acme revenue 2022 income statement')).chunks[0]!.chunk.id).not.toBe(statement)
    const found = await search('Using the income statement, what was Acme revenue in 2022?')
    expect(found.chunks[0]!.chunk.id).toBe(statement)
    expect(found.spelledOut).toBeNull()
  })

  it('searches an acronym no found passage prints as the collection defines it, and back to its passages', async () => {
    const { search, chunks } = filing(
      [...FILLER, 'Jane Roe has served as Chief Executive Officer and director since 2019.'],
      { defined_terms: [{ short: 'CEO', long: 'Chief Executive Officer' }] },
    )
    const found = await search('Who is the CEO of Acme?')
    expect(found.spelledOut).toBe('Who is the chief executive officer of Acme?')
    expect(found.chunks[0]!.chunk.id).toBe(chunks.at(-1)!.id)
  })

  it('searches a contraction no found passage prints as the word a passage prints ("supt")', async () => {
    const { search, chunks } = filing([
      ...FILLER,
      'Acme store meeting. The district superintendent Jane Roe is evaluated at the store meeting.',
    ])
    const found = await search('who is the supt evaluated at the acme store mtg')
    expect(found.spelledOut).toBe('who is the superintendent evaluated at the acme store meeting')
    expect(found.chunks[0]!.chunk.id).toBe(chunks.at(-1)!.id)
  })

  it('searches an acronym as typed where a found passage prints it, or nothing spells it', async () => {
    const printed = filing([...FILLER, 'Our CEO, Jane Roe, opened the store.'], {
      defined_terms: [{ short: 'CEO', long: 'Chief Executive Officer' }],
    })
    expect((await printed.search('Who is the CEO of Acme?')).spelledOut).toBeNull()
    const unspelled = filing(FILLER)
    expect((await unspelled.search('ACMX store 2022')).spelledOut).toBeNull()
  })
})

describe('searchChunks reads which document a question points at', () => {
  it('weighs documents with the words that name one, and searches its passages for the rest', async () => {
    const collectionId = newCollection().id
    const summary: DocumentRecord = {
      ...newDocument(collectionId, { original_filename: 'harbor-act-summary.pdf' }),
      status: 'completed',
    }
    const other: DocumentRecord = {
      ...newDocument(collectionId, { original_filename: 'tide-tables.pdf' }),
      status: 'completed',
    }
    const pages = [
      'THE HARBOR ACT. Summary of the Harbor Act for harbor masters.',
      'The Harbor Act summary covers ports. The Harbor Act also covers docks; this summary lists them.',
      'Under the Harbor Act, removing TLI from a berth notice is barred, as this summary says of the Harbor Act.',
      'Subsection (c) defines TLI as tidal lock information: the lock, its gate and its hours.',
    ]
    const chunks: ChunkRecord[] = [
      ...pages.map((text, i) => newChunk(summary, i, { page: i + 1, text, embedder: null, vector: null })),
      newChunk(other, 0, {
        page: 1,
        text: 'Tide tables for the north harbor, by month.',
        embedder: null,
        vector: null,
      }),
    ]
    const { ports } = arraySearchPorts([summary, other], chunks)
    const shown = async (query: string) =>
      (
        await searchChunks(ports, { queries: [query], collectionIds: [collectionId], topK: 2, hybrid: true })
      ).chunks.map(({ chunk }) => chunk.id)
    const defining = chunks[3]!.id
    // Its name's words searched in the passages rank the pages that repeat them first.
    expect(await shown('what is TLI harbor act summary')).not.toContain(defining)
    expect(await shown('what is TLI in the harbor act summary')).toContain(defining)
  })
})
