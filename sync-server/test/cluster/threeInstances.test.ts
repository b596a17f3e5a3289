import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Collection } from '../../../web/core/store/Collection'
import type { DocumentRecord } from '../../../web/core/store/DocumentRecord'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { formatHlc } from '../../../web/core/sync/Hlc'
import { createTestDatabase, type TestDatabase } from '../postgres/createTestDatabase'
import { signUpForTest, type TestUser } from '../signUpForTest'
import { startInstance, type Instance } from './startInstance'
import { eventStreamReader } from '../eventStreamReader'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const corpus = corpusDir(process.env, repoRoot)

/**
 * Three real server processes on one PostgreSQL, each with its own DATA_DIR, over real HTTP, as
 * behind a load balancer that sends each request anywhere: what one instance writes, the others
 * read, index and announce.
 */
describe('three instances on one PostgreSQL', () => {
  let database: TestDatabase
  let a: Instance
  let b: Instance
  let c: Instance
  let person: TestUser

  beforeAll(async () => {
    database = await createTestDatabase()
    const started = await Promise.all([0, 1, 2].map(() => startInstance({ databaseUrl: database.url })))
    ;[a, b, c] = started as [Instance, Instance, Instance]
    person = await signUpForTest(a.url, 'cluster')
  }, scaledTimeout(90_000))
  afterAll(async () => {
    await Promise.all([a, b, c].filter(Boolean).map((instance) => instance.stop()))
    await database?.drop()
  })

  const call = async <T>(instance: Instance, path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(instance.url + path, {
      ...init,
      headers: { ...person.auth, ...(init.headers as Record<string, string>) },
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${path} on ${instance.url}: ${response.status} ${text}`)
    return (text ? JSON.parse(text) : undefined) as T
  }
  const search = (instance: Instance, query: string, collectionId: string) =>
    call<{ chunks: { document_id: string; content: string }[] }>(instance, '/api/search_u/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, collection_id: collectionId, top_k: 5 }),
    })

  it(
    'signed up on A, a collection made on B, a PDF uploaded on C: A finds its words',
    async () => {
      const collection = await call<Collection>(b, '/api/collections/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Shared', description: 'Made on B' }),
      })
      expect((await call<Collection>(c, `/api/collections/${collection.id}`)).name).toBe('Shared')
      // A opens the person's space (and its search index) before the document exists: from here on
      // only the cluster's messages can bring the document into A's index.
      expect((await search(a, 'copyright infringement', collection.id)).chunks).toEqual([])

      const form = new FormData()
      form.append('collection_id', collection.id)
      form.append('file', new Blob([readFileSync(join(corpus, 'pdf/pdfminer__dmca.pdf'))]), 'dmca.pdf')
      const uploaded = await call<DocumentRecord>(c, '/api/documents/', { method: 'POST', body: form })
      await expect
        .poll(async () => (await call<DocumentRecord>(a, `/api/documents/${uploaded.id}`)).status, {
          timeout: scaledTimeout(30_000),
          interval: 250,
        })
        .toBe('completed')
      await expect
        .poll(async () => (await search(a, 'copyright infringement', collection.id)).chunks.length, {
          timeout: scaledTimeout(5_000),
          interval: 100,
        })
        .toBeGreaterThan(0)
      const found = await search(a, 'copyright infringement', collection.id)
      expect(found.chunks.every((chunk) => chunk.document_id === uploaded.id)).toBe(true)

      // Deleted on B: gone from A's index too.
      await call(b, `/api/documents/${uploaded.id}`, { method: 'DELETE' })
      await expect
        .poll(async () => (await search(a, 'copyright infringement', collection.id)).chunks.length, {
          timeout: scaledTimeout(5_000),
          interval: 100,
        })
        .toBe(0)
    },
    scaledTimeout(60_000),
  )

  it('a sync stream held on A, opened as the browser opens it, hears a change pushed to B', async () => {
    const abort = new AbortController()
    // The browser's sync client: its access token on a plain GET, the response read as it comes.
    const response = await fetch(`${a.url}/api/v1/sync/events`, {
      headers: { authorization: `Bearer ${person.access_token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    })
    expect(response.status).toBe(200)
    const events = eventStreamReader(response)
    try {
      await events.until(/: stream open/)
      const started = Date.now()
      const pushed = await call<{ acked: number; cursor: number }>(b, '/api/v1/sync/push', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: `phone-${Date.now()}`,
          mutations: [
            {
              counter: 1,
              change: {
                kind: 'note',
                id: 'pushed-to-b',
                fields: {
                  text: {
                    value: 'Pushed to B',
                    hlc: formatHlc({ wall: Date.now(), counter: 0, node: 'phone' }),
                  },
                },
              },
            },
          ],
        }),
      })
      expect(pushed.acked).toBe(1)
      // The person's earlier changes (the last test's document, processed on another instance) may
      // still be announced first: the one awaited is the push's, at its cursor or past it.
      const cursorOf = (match: RegExpExecArray) => (JSON.parse(match[1]!) as { cursor: number }).cursor
      await events.until(/event: changed\ndata: (.*)\n\n/, 3_000, (event) => cursorOf(event) >= pushed.cursor)
      expect(Date.now() - started).toBeLessThan(scaledTimeout(3_000))
    } finally {
      abort.abort()
      await events.cancel()
    }
  })

  it('a file uploaded on B downloads on C; a sync blob begun on B and finished on C is read on A', async () => {
    const collection = await call<Collection>(b, '/api/collections/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Files', description: 'Made on B' }),
    })
    const bytes = new TextEncoder().encode('# Notes\n\nThe lighthouse keeper logs the tide at dawn.\n')
    const form = new FormData()
    form.append('collection_id', collection.id)
    form.append('file', new Blob([bytes]), 'notes.md')
    const uploaded = await call<DocumentRecord>(b, '/api/documents/', { method: 'POST', body: form })
    const download = await fetch(`${c.url}/api/documents/${uploaded.id}/file`, { headers: person.auth })
    expect(download.status).toBe(200)
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes)

    const blob = new Uint8Array(300_000).map((_, i) => (i * 29) % 256)
    const key = createHash('sha256').update(blob).digest('hex')
    const put = (instance: Instance, first: number, last: number) =>
      fetch(`${instance.url}/api/v1/sync/blobs/${key}`, {
        method: 'PUT',
        headers: {
          ...person.auth,
          'content-type': 'application/octet-stream',
          'content-range': `bytes ${first}-${last}/${blob.length}`,
        },
        body: blob.subarray(first, last + 1),
      })
    expect((await put(b, 0, 99_999)).status).toBe(200)
    const held = await call<{ received: number; complete: boolean }>(c, `/api/v1/sync/blobs/${key}/status`)
    expect(held).toMatchObject({ received: 100_000, complete: false })
    const finished = await put(c, 100_000, blob.length - 1)
    expect(await finished.json()).toMatchObject({ complete: true, size: blob.length })
    const read = await fetch(`${a.url}/api/v1/sync/blobs/${key}`, { headers: person.auth })
    expect(read.status).toBe(200)
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(blob)
  })
})
