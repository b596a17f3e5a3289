import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SearchIndex } from '../../web/core/retrieve/index/SearchIndex'
import { newDocument } from '../../web/core/testing/conformance/store/fixtures'
import type { Store } from '../../web/core/store/Store'
import { SyncApplier } from '../../web/core/sync/appData/SyncApplier'
import { SyncedStore } from '../../web/core/sync/appData/SyncedStore'
import { CHUNKS_FIELD, SYNC_KIND } from '../../web/core/sync/appData/syncKinds'
import { fromSyncFields } from '../../web/core/sync/appData/syncFields'
import { HlcClock } from '../../web/core/sync/Hlc'
import { BlobMissingError, httpBlobTransfer } from '../../web/core/sync/httpBlobTransfer'
import { httpSyncTransport } from '../../web/core/sync/httpSyncTransport'
import { InMemorySyncClientStore } from '../../web/core/sync/InMemorySyncClientStore'
import { SyncClient } from '../../web/core/sync/SyncClient'
import { DiskFileStore } from '../src/files/DiskFileStore'
import { openSqlStore } from '../src/sql/openSqlStore'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

const corpus = join(import.meta.dirname, '../../../shared/corpus')

/** A device as the browser runs one, over a real SQLite store: SyncedStore -> SyncClient -> HTTP -> server. */
async function openDevice(baseUrl: string, user: TestUser, name: string, dir: string) {
  const plain = await openSqlStore(join(dir, name))
  const files = new DiskFileStore(join(dir, name, 'files'))
  const index = new SearchIndex()
  const options = { baseUrl, token: () => user.token }
  const blobs = httpBlobTransfer(options)
  let uploads = 0
  const applier = new SyncApplier({
    store: plain,
    files,
    index,
    blobs: {
      fetch: (key) =>
        blobs.download(key).catch((error) => {
          if (error instanceof BlobMissingError) return undefined
          throw error
        }),
    },
    currentUserId: async () => user.id,
  })
  const client = new SyncClient({
    clientId: `${name}-${user.id}`,
    store: new InMemorySyncClientStore(),
    transport: httpSyncTransport(options),
    clock: new HlcClock(name, () => Date.now()),
    async beforePush(mutations) {
      for (const { change } of mutations) {
        if (change.kind !== SYNC_KIND.document) continue
        const values = fromSyncFields(change)
        for (const key of [String(values.file_path).split('/').pop(), values[CHUNKS_FIELD]]) {
          if (typeof key !== 'string') continue
          const bytes = await files.get(key)
          if (bytes) {
            await blobs.upload(key, bytes)
            uploads++
          }
        }
      }
    },
    onRemoteChange: (record) => applier.apply(record),
    onRemoteForget: (kind, id) => applier.forget(kind, id),
  })
  const store: Store = new SyncedStore(plain, client, files)
  return { plain, store, files, index, client, uploads: () => uploads }
}

describe("the app's data syncs between devices and the server's REST surface", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let user: TestUser
  let dir: string
  let laptop: Awaited<ReturnType<typeof openDevice>>
  let phone: Awaited<ReturnType<typeof openDevice>>
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(server.url + path, {
      method,
      headers: { ...user.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
  const now = () => new Date().toISOString()

  beforeAll(async () => {
    server = await startTestServer({ accounts: true })
    user = await signUpForTest(server.url, 'devices')
    dir = mkdtempSync(join(tmpdir(), 'quire-devices-'))
    laptop = await openDevice(server.url, user, 'laptop', dir)
    phone = await openDevice(server.url, user, 'phone', dir)
  }, scaledTimeout(60_000))
  afterAll(async () => {
    await laptop?.plain.close()
    await phone?.plain.close()
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a collection made on a device is served to scripts, and a script’s reaches the other device', async () => {
    const made = await laptop.store.collections.createCollection({
      id: crypto.randomUUID(),
      name: 'Field notes',
      description: 'From the laptop',
      color: '#336699',
      created_at: now(),
      updated_at: now(),
    })
    await laptop.client.sync()
    expect((await api('GET', `/api/collections/${made.id}`)).body).toMatchObject({ name: 'Field notes' })

    const scripted = (await api('POST', '/api/collections/', { name: 'From a script', description: 'curl' }))
      .body as { id: string }
    await phone.client.sync()
    expect(await phone.plain.collections.getCollection(scripted.id)).toMatchObject({ name: 'From a script' })
    expect(await phone.plain.collections.getCollection(made.id)).toMatchObject({
      name: 'Field notes',
      color: '#336699',
    })
  })

  it('edits of different fields made offline on two devices both survive', async () => {
    const id = (await api('POST', '/api/collections/', { name: 'Shared', description: 'v1' })).body
      .id as string
    await laptop.client.sync()
    await phone.client.sync()
    await laptop.store.collections.updateCollection(id, { name: 'Shared (renamed)', updated_at: now() })
    await phone.store.collections.updateCollection(id, {
      description: 'v2 from the phone',
      updated_at: now(),
    })
    await laptop.client.sync()
    await phone.client.sync()
    await laptop.client.sync()
    const expected = { name: 'Shared (renamed)', description: 'v2 from the phone' }
    expect(await laptop.plain.collections.getCollection(id)).toMatchObject(expected)
    expect(await phone.plain.collections.getCollection(id)).toMatchObject(expected)
    expect((await api('GET', `/api/collections/${id}`)).body).toMatchObject(expected)
  })

  // Parsing and embedding a real PDF on the server: 13 s here with another suite running, near the
  // 20 s default when the whole unit run shares 2 cores.
  it(
    'a PDF processed by the server arrives searchable on a device that never processes it',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const collection = (await api('POST', '/api/collections/', { name: 'Papers', description: 'Reviews' }))
        .body
      const form = new FormData()
      expect(collection).toMatchObject({ name: 'Papers' })
      form.append('collection_id', collection.id)
      const pdf = readFileSync(join(corpus, 'pdf', 'pdfjs__tracemonkey.pdf'))
      form.append('file', new Blob([pdf]), 'paper.pdf')
      const uploaded = (await (
        await fetch(`${server.url}/api/documents/`, { method: 'POST', headers: user.auth, body: form })
      ).json()) as { id: string }
      await server.idle()
      const onServer = (await api('GET', `/api/documents/${uploaded.id}`)).body
      expect(onServer, JSON.stringify(uploaded)).toMatchObject({ status: 'completed' })

      await phone.client.sync()
      const here = await phone.plain.documents.getDocument(uploaded.id)
      expect(here).toMatchObject({ status: 'completed', chunk_count: onServer.chunk_count, progress: null })
      const chunks = await phone.plain.chunks.listChunks({ documentId: uploaded.id })
      expect(chunks).toHaveLength(onServer.chunk_count)
      expect(chunks.every((chunk) => chunk.vector instanceof Float32Array && chunk.vector.length > 0)).toBe(
        true,
      )
      // The original file came too (content-addressed, the same key), for viewing or reprocessing.
      expect(Buffer.from((await phone.files.get(here!.file_path.split('/').pop()!))!)).toEqual(pdf)
      const word = chunks[0]!.text.split(/\W+/).find((w) => w.length > 6)!
      const hits = (
        await phone.index.search({
          query: word,
          exactVectors: (ids) => phone.plain.chunks.chunkVectors(ids),
          limit: 5,
          mode: 'bm25',
          similarityThreshold: 0,
        })
      ).results
      const ids = new Set(chunks.map((chunk) => chunk.id))
      expect(hits.some((hit) => ids.has(hit.id))).toBe(true)
    },
  )

  it('a document processed on a device is uploaded with its chunks and served by the server', async () => {
    const collection = await laptop.store.collections.createCollection({
      id: crypto.randomUUID(),
      name: 'Laptop docs',
      description: '',
      color: null,
      created_at: now(),
      updated_at: now(),
    })
    const text = 'The lighthouse keeper logged a northerly gale at dawn.'
    const key = await laptop.files.put(new TextEncoder().encode(text))
    const id = crypto.randomUUID()
    await laptop.store.documents.createDocument(
      newDocument(collection.id, {
        id,
        original_filename: 'log.md',
        file_path: `files/${key}`,
        file_size: text.length,
        document_type: 'md',
        created_at: now(),
      }),
    )
    await laptop.store.chunks.replaceChunks(id, [
      {
        id: crypto.randomUUID(),
        document_id: id,
        collection_id: collection.id,
        index: 0,
        text,
        page: null,
        heading: null,
        token_count: 11,
        embedder: 'hash-v1',
        vector: new Float32Array(384).fill(0.05),
      },
    ])
    await laptop.store.documents.updateDocument(id, {
      status: 'completed',
      processed_at: now(),
      chunk_count: 1,
      progress: null,
    })
    await laptop.client.sync()
    expect(laptop.uploads()).toBe(2)

    expect((await api('GET', `/api/documents/${id}`)).body).toMatchObject({
      status: 'completed',
      chunk_count: 1,
    })
    const found = await api('POST', '/api/search_u/', {
      query: 'lighthouse gale',
      collection_id: collection.id,
    })
    expect(found.status).toBe(200)
    expect(JSON.stringify(found.body)).toContain('lighthouse keeper')
    await phone.client.sync()
    expect((await phone.plain.chunks.listChunks({ documentId: id }))[0]?.vector?.[0]).toBeCloseTo(0.05)
  })

  it('deleting a collection on a device deletes it, with its documents, everywhere', async () => {
    const collections = await laptop.plain.collections.listCollections()
    const papers = collections.find((c) => c.name === 'Papers')!
    const documents = await laptop.plain.documents.listDocuments({ collectionId: papers.id })
    expect(documents.length).toBeGreaterThan(0)
    await laptop.store.collections.deleteCollection(papers.id)
    await laptop.client.sync()
    await phone.client.sync()
    expect((await api('GET', `/api/collections/${papers.id}`)).status).toBe(404)
    expect((await api('GET', `/api/documents/${documents[0]!.id}`)).status).toBe(404)
    expect(await phone.plain.collections.getCollection(papers.id)).toBeUndefined()
    expect(await phone.plain.documents.getDocument(documents[0]!.id)).toBeUndefined()
  })

  it('chats, settings and platform records travel; a malformed pushed record is skipped, not fatal', async () => {
    const session = await phone.store.chat.createSession({
      id: crypto.randomUUID(),
      name: 'Questions',
      collection_id: null,
      created_at: now(),
    })
    await phone.store.chat.addMessage({
      id: crypto.randomUUID(),
      session_id: session.id,
      role: 'user',
      content: 'Where is the lighthouse?',
      metadata: {},
      created_at: now(),
      collection_id: null,
    })
    await phone.store.settings.putSettings({
      theme: 'dark',
      embedder: { id: 'hash-v1' },
      ocr_languages: ['eng', 'fra'],
    })
    const persona = (await api('POST', '/api/v1/personas', { name: 'Archivist', description: 'Careful' }))
      .body
    await phone.client.sync()
    await laptop.client.sync()
    expect(await laptop.plain.chat.listMessages(session.id, { limit: 10 })).toMatchObject([
      { content: 'Where is the lighthouse?' },
    ])
    expect(await laptop.plain.settings.getSettings()).toMatchObject({
      theme: 'dark',
      ocr_languages: ['eng', 'fra'],
    })
    // The server reads French scans for this person too from now on.
    expect((await api('GET', '/api/settings')).body).toMatchObject({ ocr_languages: ['eng', 'fra'] })
    expect((await laptop.plain.records.getRecord('persona', persona.id))?.data).toMatchObject({
      name: 'Archivist',
    })
    expect((await api('GET', `/api/chat/sessions/${session.id}`)).status).toBe(200)

    const hostile = await fetch(`${server.url}/api/v1/sync/push`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: 'hostile',
        mutations: [
          {
            counter: 1,
            change: {
              kind: 'collection',
              id: 'evil',
              fields: { name: { value: [{ not: 'a name' }], hlc: new HlcClock('x', Date.now).tick() } },
            },
          },
        ],
      }),
    })
    expect(hostile.status).toBe(200)
    expect((await api('GET', '/api/collections/evil')).status).toBe(404)
    expect((await api('GET', '/api/health')).status).toBe(200)
  })
})
