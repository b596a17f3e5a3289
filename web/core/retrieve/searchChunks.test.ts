import { describe, expect, it } from 'vitest'
import type { ChunkRecord } from '../store/ChunkRecord'
import { newChunk, newCollection, newDocument } from '../testing/conformance/store/fixtures'
import type { DocumentRecord } from '../store/DocumentRecord'
import { choosePassages } from './choosePassages'
import { documentProfiles } from './documentProfiles'
import { arraySearchPorts } from '../testing/arraySearchPorts'
import { searchChunks, type SearchChunksPorts } from './searchChunks'
import { pageSpreadDepth } from './spreadOverPages'

const WORDS = ['harbour', 'tide', 'keeper', 'lamp', 'storm', 'ledger', 'signal', 'beacon', 'reef', 'gull']

/** Documents of chunks made of the words above (so that many chunks match a query), paged or not. */
function collection(paged: boolean, documents = 3, perDocument = 40) {
  const collectionId = newCollection().id
  const records: DocumentRecord[] = []
  const chunks: ChunkRecord[] = []
  for (let d = 0; d < documents; d++) {
    const document = {
      ...newDocument(collectionId),
      status: 'completed' as const,
      chunk_count: perDocument,
    }
    records.push(document)
    for (let i = 0; i < perDocument; i++) {
      const words = Array.from({ length: 12 }, (_, w) => WORDS[(i * 7 + w * (d + 3)) % WORDS.length]!)
      chunks.push(
        newChunk(document, i, {
          page: paged ? 1 + (i >> 2) : null,
          text: words.join(' '),
          embedder: null,
          vector: null,
        }),
      )
    }
  }
  return { collectionId, records, chunks }
}

/** A store over arrays that records the ids each `getChunks` was asked for; `gone` ids are not found. */
const portsOf = arraySearchPorts

/** What `searchChunks` answered before it read only the rows it needs: every candidate read, then chosen. */
async function everyRowRead(
  ports: SearchChunksPorts,
  records: DocumentRecord[],
  byId: Map<string, ChunkRecord>,
  query: string,
  topK: number,
  gone = new Set<string>(),
) {
  const { results, method } = await ports.index.search({
    query,
    exactVectors: async () => [],
    limit: pageSpreadDepth(topK),
    mode: 'bm25',
    similarityThreshold: 0,
    documentProfiles: await documentProfiles(ports.store, records),
  })
  const found = results.flatMap(({ id, score }) => (gone.has(id) ? [] : [{ record: byId.get(id)!, score }]))
  return choosePassages(found, topK, method, ({ record }) => record).map(({ record, score }) => ({
    id: record.id,
    score,
  }))
}

const QUERIES = ['harbour tide', 'storm beacon reef', 'keeper ledger signal gull', 'lamp']

describe('searchChunks reads only the rows it needs', () => {
  it('reads only the passages it answers where no document has pages, and answers as before', async () => {
    const { records, chunks } = collection(false)
    for (const query of QUERIES) {
      const { ports, asked, byId } = portsOf(records, chunks)
      const found = await searchChunks(ports, { queries: [query], topK: 5, hybrid: true })
      const expected = await everyRowRead(ports, records, byId, query, 5)
      expect(found.chunks.map(({ chunk, score }) => ({ id: chunk.id, score }))).toEqual(expected)
      expect(found.chunks).toHaveLength(5)
      expect(asked.flat()).toHaveLength(5)
    }
  })

  it('reads on past a passage deleted since the search, and answers as before', async () => {
    const { records, chunks } = collection(false)
    const query = QUERIES[2]!
    const first = await searchChunks(portsOf(records, chunks).ports, {
      queries: [query],
      topK: 5,
      hybrid: true,
    })
    const gone = new Set([first.chunks[1]!.chunk.id, first.chunks[3]!.chunk.id])
    const { ports, asked, byId } = portsOf(records, chunks, gone)
    const found = await searchChunks(ports, { queries: [query], topK: 5, hybrid: true })
    const expected = await everyRowRead(ports, records, byId, query, 5, gone)
    expect(found.chunks.map(({ chunk, score }) => ({ id: chunk.id, score }))).toEqual(expected)
    expect(found.chunks.map(({ chunk }) => chunk.id)).not.toContain(first.chunks[1]!.chunk.id)
    expect(asked.map((ids) => ids.length)).toEqual([5, 2])
  })

  it('reads every candidate where documents have pages (their pages choose), and answers as before', async () => {
    const { records, chunks } = collection(true)
    for (const query of QUERIES) {
      const { ports, asked, byId } = portsOf(records, chunks)
      const found = await searchChunks(ports, { queries: [query], topK: 5, hybrid: true })
      const expected = await everyRowRead(ports, records, byId, query, 5)
      expect(found.chunks.map(({ chunk, score }) => ({ id: chunk.id, score }))).toEqual(expected)
      expect(asked.flat().length).toBeGreaterThan(5)
    }
  })

  it('reads every candidate once a row has a page after all, and answers as before', async () => {
    // Each document opens with long chunks without a page (its profile reads only those), then paged ones.
    const { records, chunks } = collection(true)
    const opened = chunks.map((chunk) =>
      chunk.index < 8 ? { ...chunk, page: null, text: `${chunk.text} ${'preface '.repeat(80)}` } : chunk,
    )
    const query = QUERIES[1]!
    const { ports, asked, byId } = portsOf(records, opened)
    const found = await searchChunks(ports, { queries: [query], topK: 5, hybrid: true })
    const expected = await everyRowRead(ports, records, byId, query, 5)
    expect(found.chunks.map(({ chunk, score }) => ({ id: chunk.id, score }))).toEqual(expected)
    expect(asked[0]).toHaveLength(5)
    expect(asked.flat().length).toBeGreaterThan(5)
  })
})
