import { describe, expect, it } from 'vitest'
import type { ChunkFilter, ChunkRecord } from '../store/ChunkRecord'
import { newChunk, newCollection, newDocument } from '../store/conformance/fixtures'
import { documentProfile } from './documentEvidence'
import { documentProfiles, openingText } from './documentProfiles'

/** A chunk store over an array that records how many chunks each listing returned. */
function storeOf(chunks: ChunkRecord[]) {
  const listed: number[] = []
  const store = {
    chunks: {
      async listChunks(filter: ChunkFilter = {}) {
        const found = chunks
          .filter((chunk) => chunk.document_id === filter.documentId)
          .sort((a, b) => a.index - b.index)
          .slice(0, filter.limit)
        listed.push(found.length)
        return found
      },
      getChunks: () => Promise.reject(new Error('not used')),
      chunkVectors: () => Promise.reject(new Error('not used')),
      replaceChunks: () => Promise.reject(new Error('not used')),
    },
  }
  return { store, listed }
}

function documentWith(count: number, chunk: (i: number) => Partial<ChunkRecord>) {
  const document = { ...newDocument(newCollection().id), status: 'completed' as const, chunk_count: count }
  const chunks = Array.from({ length: count }, (_, i) => newChunk(document, i, chunk(i)))
  return { document, chunks }
}

describe('documentProfiles', () => {
  it("reads many documents' openings at once, each profile its own document's, in the documents' order", async () => {
    const made = Array.from({ length: 40 }, (_, d) =>
      documentWith(3 + (d % 5), (i) => ({ page: null, text: `doc${d} passage${i} about topic${d}` })),
    )
    const { store } = storeOf(made.flatMap(({ chunks }) => chunks))
    // Answers in the reverse order of the requests: a profile must still be its own document's.
    let pending: Array<() => void> = []
    const listChunks = store.chunks.listChunks
    store.chunks.listChunks = async (filter?: ChunkFilter) => {
      await new Promise<void>((resolve) => {
        pending.push(resolve)
        queueMicrotask(() => {
          const waiting = pending
          pending = []
          waiting.reverse().forEach((release) => release())
        })
      })
      return listChunks(filter)
    }
    const profiles = await documentProfiles(
      store,
      made.map(({ document }) => document),
    )
    expect(profiles).toEqual(
      made.map(({ document, chunks }) =>
        documentProfile({
          documentId: document.id,
          filename: document.original_filename,
          title: null,
          opening: openingText(chunks),
        }),
      ),
    )
  })

  it('profiles a long document without pages from its opening chunks only, as from all of them', async () => {
    const { document, chunks } = documentWith(500, (i) => ({
      page: null,
      text: `Passage ${i} about harbour tides and the keeper's log number ${i}. `.repeat(6),
    }))
    const { store, listed } = storeOf(chunks)
    const [profile] = await documentProfiles(store, [document])
    const expected = documentProfile({
      documentId: document.id,
      filename: document.original_filename,
      title: null,
      opening: openingText(chunks),
    })
    expect(profile).toEqual(expected)
    expect(Math.max(...listed)).toBeLessThan(chunks.length)
  })

  it('reads on until the first page ends, however many chunks it has', async () => {
    // 30 short chunks on page 1 (each read step ends inside it), then page 2.
    const { document, chunks } = documentWith(200, (i) => ({ page: i < 30 ? 1 : 2, text: `word${i}` }))
    const { store, listed } = storeOf(chunks)
    const [profile] = await documentProfiles(store, [document])
    expect(profile!.opening.terms.has('word29')).toBe(true)
    expect(profile!.opening.terms.has('word30')).toBe(false)
    expect(profile).toEqual(
      documentProfile({
        documentId: document.id,
        filename: document.original_filename,
        title: null,
        opening: openingText(chunks),
      }),
    )
    expect(Math.max(...listed)).toBeLessThan(chunks.length)
  })

  it('reads a short document whole', async () => {
    const { document, chunks } = documentWith(3, (i) => ({ page: null, text: `short ${i}` }))
    const { store } = storeOf(chunks)
    const [profile] = await documentProfiles(store, [document])
    expect([...profile!.opening.terms.keys()]).toEqual(expect.arrayContaining(['short']))
  })

  it('hands out the same list while nothing changed, and a new one when a document did', async () => {
    const one = documentWith(2, (i) => ({ page: null, text: `alpha ${i}` }))
    const two = documentWith(2, (i) => ({ page: null, text: `beta ${i}` }))
    const { store } = storeOf([...one.chunks, ...two.chunks])
    const first = await documentProfiles(store, [one.document, two.document])
    expect(await documentProfiles(store, [one.document, two.document])).toBe(first)
    const renamed = { ...two.document, original_filename: 'Renamed.pdf' }
    const next = await documentProfiles(store, [one.document, renamed])
    expect(next).not.toBe(first)
    expect(next[0]).toBe(first[0])
    expect(await documentProfiles(store, [one.document])).toHaveLength(1)
  })
})
