import { expect, test } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const server = `http://127.0.0.1:${SYNC_PORT}`

const NOTES = [
  ['tides.md', '# Tides\n\nThe spring tide at the northern jetty reached 4.2 metres on the third morning.'],
  ['birds.md', '# Birds\n\nA pair of oystercatchers nested above the high-water line and raised two chicks.'],
  ['boats.md', '# Boats\n\nThe ferry to the northern island left the jetty at dawn with two fishing boats.'],
] as const

/**
 * The app reopened over a search index saved in IndexedDB (format 2, read a range at a time: its head
 * and BM25 at once, the vector rows only when a search needs them, `readIndexSnapshot`): the same
 * searches answer the same, a vector search reads the rows from the stored Blob, and a document deleted
 * before they were read is gone from both lists.
 */
test('a reopened app answers from its saved index, and reads the vector rows when a search needs them', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page, `${server}/`)
  const collectionId = await page.evaluate(async (notes) => {
    const collection = await (
      await fetch('/api/collections/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Harbour', description: 'reopened' }),
      })
    ).json()
    for (const [name, text] of notes) {
      const form = new FormData()
      form.set('collection_id', collection.id)
      form.set('file', new File([text], name, { type: 'text/markdown' }))
      let document = await (await fetch('/api/documents/', { method: 'POST', body: form })).json()
      while (document.status === 'processing') {
        await new Promise((resolve) => setTimeout(resolve, 200))
        document = await (await fetch(`/api/documents/${document.id}`)).json()
      }
      if (document.status !== 'completed') throw new Error(`${name}: ${JSON.stringify(document)}`)
    }
    return collection.id as string
  }, NOTES)

  const search = (query: string, hybrid: boolean) =>
    page.evaluate(
      async ({ query, hybrid, collectionId }) => {
        const response = await fetch('/api/search_u/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            query,
            collection_id: collectionId,
            top_k: 5,
            use_hybrid_search: hybrid,
            similarity_threshold: 0,
          }),
        })
        const body = await response.json()
        return {
          method: body.metadata.search_method as string,
          hits: (body.chunks as Array<{ id: string; document_id: string; score: number }>).map(
            ({ id, document_id, score }) => ({ id, document_id, score }),
          ),
        }
      },
      { query, hybrid, collectionId },
    )
  const before = {
    keywords: await search('northern jetty', true),
    vectors: await search('northern jetty', false),
  }
  expect(before.vectors.method).toBe('vector')
  expect(before.vectors.hits.length).toBeGreaterThan(1)

  // Saved once changes settle (10 s) and searches pause (2 s): the stored snapshot covers the three notes.
  await expect
    .poll(() => page.evaluate(storedSnapshotHead), { timeout: scaledTimeout(45_000), intervals: [1_000] })
    .toMatchObject({ version: 2, documents: 3, embedders: ['hash-v1'] })
  // Kept with it: how many bytes a cold start reads first, the head and BM25's part.
  const stored = (await page.evaluate(storedSnapshotHead))!
  expect(stored.firstRead).toBe(stored.bm25End)

  await page.reload()
  await openApp(page, `${server}/`)
  expect(await search('northern jetty', true)).toEqual(before.keywords)
  expect(await search('northern jetty', false)).toEqual(before.vectors)

  // Reopened again: a document deleted before any search read the rows is gone from both lists.
  await page.reload()
  await openApp(page, `${server}/`)
  const deleted = before.vectors.hits[0]!.document_id
  const removed = await page.evaluate(
    async (id) => (await fetch(`/api/documents/${id}`, { method: 'DELETE' })).status,
    deleted,
  )
  expect(removed).toBeLessThan(300)
  for (const hybrid of [true, false]) {
    const after = await search('northern jetty', hybrid)
    expect(after.hits.length).toBeGreaterThan(0)
    expect(after.hits.map((hit) => hit.document_id)).not.toContain(deleted)
  }
  const expected = before.vectors.hits.filter((hit) => hit.document_id !== deleted).map((hit) => hit.id)
  expect((await search('northern jetty', false)).hits.map((hit) => hit.id)).toEqual(expected)
})

/**
 * What the stored snapshot's head says (format 2: its length, then its JSON, then its checksum), read
 * from IndexedDB, with where BM25's part ends and the record's `firstRead`.
 */
function storedSnapshotHead(): Promise<{
  version: number
  documents: number
  embedders: string[]
  bm25End: number
  firstRead: unknown
} | null> {
  return new Promise((resolve) => {
    const open = indexedDB.open('quire')
    open.onsuccess = () => {
      const db = open.result
      const get = db.transaction('indexSnapshot').objectStore('indexSnapshot').get('index')
      get.onsuccess = async () => {
        db.close()
        const record = get.result as { bytes?: unknown; firstRead?: unknown } | undefined
        const blob = record?.bytes
        if (!(blob instanceof Blob)) return resolve(null)
        const bytes = new Uint8Array(await blob.arrayBuffer())
        const length = new DataView(bytes.buffer).getUint32(0, true)
        const head = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)))
        resolve({
          version: head.version,
          documents: head.covered.length,
          embedders: (head.vectors ?? []).map((entry: { embedder: string }) => entry.embedder),
          bm25End: 8 + length + head.parts[0].length,
          firstRead: record?.firstRead,
        })
      }
      get.onerror = () => resolve(null)
    }
    open.onerror = () => resolve(null)
  })
}
