import { describe, expect, it } from 'vitest'
import type { ChunkFilter, ChunkRecord } from '../store/ChunkRecord'
import { newChunk, newCollection, newDocument } from '../testing/conformance/store/fixtures'
import { documentOpening, openingText, type DocumentOpening } from '../store/DocumentOpening'
import type { DocumentRecord } from '../store/DocumentRecord'
import type { DocumentFilter } from '../store/DocumentRecord'
import { documentProfile } from './documentEvidence'
import { anyPaged, documentProfiles } from './documentProfiles'
import { searchWarmUpShapes } from './searchWarmUpShapes'

/**
 * A chunk store over an array that records how many chunks each listing returned, with the openings
 * it has stored (none unless given: documents stored before openings were) and those it was asked to keep.
 */
function storeOf(chunks: ChunkRecord[], stored = new Map<string, DocumentOpening>()) {
  const listed: number[] = []
  const openingReads: string[][] = []
  const kept: Array<Map<string, DocumentOpening>> = []
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
      async documentOpenings(ids: readonly string[]) {
        openingReads.push([...ids])
        return new Map(ids.flatMap((id) => (stored.has(id) ? [[id, stored.get(id)!] as const] : [])))
      },
      async keepOpenings(openings: ReadonlyMap<string, DocumentOpening>) {
        kept.push(new Map(openings))
        for (const [id, opening] of openings) if (!stored.has(id)) stored.set(id, opening)
      },
      getChunks: () => Promise.reject(new Error('not used')),
      chunkVectors: () => Promise.reject(new Error('not used')),
      replaceChunks: () => Promise.reject(new Error('not used')),
      addChunks: () => Promise.reject(new Error('not used')),
    },
  }
  return { store, listed, openingReads, kept, stored }
}

/** The profile made from the document's chunks as they are (what every path must give). */
function profileOf(document: DocumentRecord, chunks: readonly ChunkRecord[]) {
  return documentProfile({
    documentId: document.id,
    filename: document.original_filename,
    title: null,
    opening: openingText(chunks),
  })
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
  /** Documents of every shape an opening has: pages, a long first page, long text, short, out of order. */
  function variedDocuments() {
    return [
      documentWith(40, (i) => ({ page: i < 12 ? 1 : 2, text: `cover${i} words` })),
      documentWith(300, (i) => ({ page: null, text: `Passage ${i} of the keeper's log. `.repeat(8) })),
      documentWith(3, (i) => ({ page: null, text: `short ${i}` })),
      documentWith(20, (i) => ({ page: i + 1, text: `slide ${i}` })),
      documentWith(0, () => ({})),
    ]
  }

  it('profiles documents with stored openings in one store call and no chunk read, as from their chunks', async () => {
    const made = variedDocuments()
    const chunks = made.flatMap(({ chunks }) => [...chunks].reverse())
    const stored = new Map(made.map(({ document, chunks }) => [document.id, documentOpening(chunks)]))
    const { store, listed, openingReads, kept } = storeOf(chunks, stored)
    const documents = made.map(({ document }) => document)
    const profiles = await documentProfiles(store, documents)
    expect(profiles).toEqual(made.map(({ document, chunks }) => profileOf(document, chunks)))
    expect(listed).toEqual([])
    expect(openingReads).toEqual([documents.map(({ id }) => id)])
    expect(kept).toEqual([])
    // Whether a document is paged comes with its opening: the slides and the cover page are, text is not.
    expect(made.map(({ document }) => anyPaged(store, [document.id]))).toEqual([
      true,
      false,
      false,
      true,
      false,
    ])
  })

  it('reads the chunks of documents stored without an opening, keeps what it read, and a restart reads none', async () => {
    const made = variedDocuments()
    const withOpening = documentWith(4, (i) => ({ page: null, text: `stored ${i}` }))
    const chunks = [...made, withOpening].flatMap(({ chunks }) => chunks)
    const stored = new Map([[withOpening.document.id, documentOpening(withOpening.chunks)]])
    const { store, listed, kept } = storeOf(chunks, stored)
    const documents = [...made, withOpening].map(({ document }) => document)
    const expected = [...made, withOpening].map(({ document, chunks }) => profileOf(document, chunks))
    expect(await documentProfiles(store, documents)).toEqual(expected)
    expect(listed.length).toBeGreaterThanOrEqual(made.length)
    expect(kept).toEqual([
      new Map(made.map(({ document, chunks }) => [document.id, documentOpening(chunks)])),
    ])
    const paged = made.map(({ document }) => anyPaged(store, [document.id]))

    // A start: a store of the same data with nothing in memory.
    const restarted = storeOf(chunks, stored)
    expect(await documentProfiles(restarted.store, documents)).toEqual(expected)
    expect(restarted.listed).toEqual([])
    expect(restarted.kept).toEqual([])
    expect(made.map(({ document }) => anyPaged(restarted.store, [document.id]))).toEqual(paged)
  })

  it('profiles a renamed document under its new name with no chunk read, and one processed again from its new opening', async () => {
    const { document, chunks } = documentWith(3, (i) => ({ page: null, text: `harbour ${i}` }))
    const stored = new Map([[document.id, documentOpening(chunks)]])
    const { store, listed } = storeOf(chunks, stored)
    await documentProfiles(store, [document])
    const renamed = { ...document, original_filename: 'Lighthouse keeping.txt' }
    const [afterRename] = await documentProfiles(store, [renamed])
    expect(afterRename).toEqual(profileOf(renamed, chunks))
    expect(afterRename!.label.terms.has('lighthouse')).toBe(true)
    // Processed again: its store replaced the chunks and the opening with them.
    const again = [newChunk(document, 0, { page: 3, text: 'tides table' })]
    stored.set(document.id, documentOpening(again))
    const reprocessed = { ...renamed, processed_at: '2026-02-01T00:00:00.000Z', chunk_count: 1 }
    const [afterReprocess] = await documentProfiles(store, [reprocessed])
    expect(afterReprocess).toEqual(profileOf(reprocessed, again))
    expect(anyPaged(store, [document.id])).toBe(true)
    expect(listed).toEqual([])
  })

  it('profiles all the same when keeping the openings read fails', async () => {
    const { document, chunks } = documentWith(2, (i) => ({ page: null, text: `quota ${i}` }))
    const { store } = storeOf(chunks)
    store.chunks.keepOpenings = () => Promise.reject(new Error('QuotaExceededError'))
    expect(await documentProfiles(store, [document])).toEqual([profileOf(document, chunks)])
  })

  it('profiles the completed documents ahead (searchWarmUpShapes), and a search asking meanwhile waits for them rather than reading again', async () => {
    const made = variedDocuments()
    const unfinished = documentWith(2, (i) => ({ page: null, text: `pending ${i}` }))
    const pending = {
      ...unfinished,
      document: { ...unfinished.document, status: 'pending' } as DocumentRecord,
    }
    const chunks = [...made, pending].flatMap(({ chunks }) => chunks)
    const stored = new Map(
      [...made, pending].map(({ document, chunks }) => [document.id, documentOpening(chunks)]),
    )
    const { store: chunkStore } = storeOf(chunks, stored)
    const openingReads: string[][] = []
    // The openings' reads answer only when released: the search below is asked while one is under way.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const documentOpenings = chunkStore.chunks.documentOpenings
    chunkStore.chunks.documentOpenings = async (ids: readonly string[]) => {
      openingReads.push([...ids])
      await released
      return documentOpenings(ids)
    }
    const all = [...made, pending].map(({ document }) => document)
    const store = {
      ...chunkStore,
      documents: {
        async listDocuments({ statuses }: DocumentFilter = {}) {
          return all.filter(({ status }) => !statuses || statuses.includes(status))
        },
      },
    }
    const ahead = searchWarmUpShapes(store)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(openingReads).toHaveLength(1)
    const completed = made.map(({ document }) => document)
    const searched = documentProfiles(store, completed.slice(1, 3))
    release()
    await ahead
    expect(await searched).toEqual(
      made.slice(1, 3).map(({ document, chunks }) => profileOf(document, chunks)),
    )
    // One read, of the completed documents only: the search found its profiles made.
    expect(openingReads).toEqual([completed.map(({ id }) => id)])
  })

  it('a failed read fails its own call only: the next one reads again', async () => {
    const { document, chunks } = documentWith(2, (i) => ({ page: null, text: `retry ${i}` }))
    const { store, openingReads } = storeOf(chunks, new Map([[document.id, documentOpening(chunks)]]))
    const documentOpenings = store.chunks.documentOpenings
    let fail = true
    store.chunks.documentOpenings = (ids: readonly string[]) => {
      if (!fail) return documentOpenings(ids)
      fail = false
      return Promise.reject(new Error('AbortError'))
    }
    const failed = documentProfiles(store, [document])
    // Asked before the failure is known: it waits for that call, then reads for itself.
    const next = documentProfiles(store, [document])
    await expect(failed).rejects.toThrow('AbortError')
    expect(await next).toEqual([profileOf(document, chunks)])
    expect(openingReads).toHaveLength(1)
  })
})
