import { describe, expect, it } from 'vitest'
import { newChunk, newCollection, newDocument } from '../../core/testing/conformance/store/fixtures'
import { HlcClock } from '../../core/sync/Hlc'
import { captureExisting } from '../../core/sync/appData/captureExisting'
import { SYNC_KIND } from '../../core/sync/appData/syncKinds'
import { world } from './syncWorld'

async function processedDocument(
  device: ReturnType<ReturnType<typeof world>['device']>,
  collectionId: string,
) {
  const key = await device.files.put(new TextEncoder().encode(`bytes of ${crypto.randomUUID()}`))
  const document = await device.store.documents.createDocument(
    newDocument(collectionId, { file_path: `files/${key}` }),
  )
  const chunks = [0, 1].map((i) =>
    newChunk(document, i, {
      text: `passage ${i} about tidal mills`,
      embedder: 'hash-v1',
      vector: new Float32Array([i, 1, 0.5]),
    }),
  )
  await device.store.chunks.replaceChunks(document.id, chunks)
  await device.store.documents.updateDocument(document.id, {
    status: 'completed',
    chunk_count: 2,
    progress: null,
  })
  return { document, key, chunks }
}

/** Two devices of one account, and a chat session made on the laptop. */
async function devicesWithSession() {
  const { device } = world()
  const laptop = device('laptop')
  const phone = device('phone')
  const session = await laptop.store.chat.createSession({
    id: crypto.randomUUID(),
    name: 'Q',
    collection_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
  })
  return { laptop, phone, session }
}

describe('SyncedStore and SyncApplier', () => {
  it('sends only the fields an edit changed, and a document only once processed', async () => {
    const { device } = world()
    const laptop = device('laptop')
    const collection = await laptop.store.collections.createCollection(newCollection({ name: 'Mills' }))
    await laptop.store.collections.updateCollection(collection.id, {
      description: 'Water mills',
      updated_at: collection.updated_at,
    })
    const outbox = await laptop.replica.outbox()
    expect(outbox.map((m) => Object.keys(m.change.fields).sort())).toEqual([
      ['color', 'created_at', 'description', 'name', 'updated_at'],
      ['description'],
    ])

    const document = await laptop.store.documents.createDocument(newDocument(collection.id))
    await laptop.store.documents.updateDocument(document.id, {
      progress: { stage: 'embedding', percent: 50 },
    })
    expect(await laptop.replica.outbox()).toHaveLength(2)
    await laptop.store.documents.updateDocument(document.id, {
      status: 'failed',
      metadata: { error: 'no text' },
    })
    const sent = (await laptop.replica.outbox()).at(-1)!.change
    expect(sent.kind).toBe(SYNC_KIND.document)
    expect(sent.fields.status?.value).toEqual(['failed'])
    expect(sent.fields.chunks_blob?.value).toEqual([null])
    expect(sent.fields.progress).toBeUndefined()
  })

  it('keeps local plugin state and removed data fields apart', async () => {
    const { device } = world()
    const laptop = device('laptop')
    const at = new Date().toISOString()
    const record = (kind: string, data: Record<string, unknown>) => ({
      kind,
      id: `${kind}-1`,
      parent_id: null,
      data,
      created_at: at,
      updated_at: at,
    })
    await laptop.store.records.writeRecords([
      { put: record('plugin_state', { state_strategy: 'session', state_data: {} }) },
    ])
    await laptop.store.records.writeRecords([{ put: record('persona', { name: 'Guide', avatar: 'owl' }) }])
    await laptop.store.records.writeRecords([{ put: record('persona', { name: 'Guide' }) }])
    const changes = (await laptop.replica.outbox()).map((m) => m.change)
    expect(changes.map((c) => c.kind)).toEqual(['record:persona', 'record:persona'])
    expect(changes[1]!.fields).toEqual({ 'data.avatar': expect.objectContaining({ value: [] }) })
  })

  it('a document that arrives before its collection waits for it, then is searchable without processing', async () => {
    const { device } = world()
    const laptop = device('laptop')
    const phone = device('phone')
    const collection = await laptop.store.collections.createCollection(newCollection())
    const { document, key, chunks } = await processedDocument(laptop, collection.id)
    await laptop.client.sync()
    // Renaming moves the collection to the end of the log: a new device pulls the document first.
    await laptop.store.collections.updateCollection(collection.id, {
      name: 'Renamed',
      updated_at: new Date().toISOString(),
    })
    await laptop.client.sync()

    await phone.client.sync()
    expect(phone.errors).toEqual([])
    expect(await phone.plain.collections.getCollection(collection.id)).toMatchObject({
      name: 'Renamed',
      document_count: 1,
    })
    expect(await phone.plain.documents.getDocument(document.id)).toMatchObject({
      status: 'completed',
      progress: null,
    })
    const arrived = await phone.plain.chunks.listChunks({ documentId: document.id })
    expect(arrived.map((c) => [c.text, Array.from(c.vector!)])).toEqual(
      chunks.map((c) => [c.text, Array.from(c.vector!)]),
    )
    expect(await phone.files.get(key)).toBeDefined()
    expect(phone.index.size).toBe(2)
    expect(await phone.plain.records.listRecords('sync_deferred')).toEqual([])

    await laptop.store.documents.deleteDocument(document.id)
    await laptop.client.sync()
    await phone.client.sync()
    expect(await phone.plain.documents.getDocument(document.id)).toBeUndefined()
    expect(await phone.files.get(key)).toBeUndefined()
    expect(phone.index.size).toBe(0)
  })

  it('a message older than its session’s last change does not move the session back', async () => {
    const { laptop, phone, session } = await devicesWithSession()
    await laptop.store.chat.addMessage({
      id: crypto.randomUUID(),
      session_id: session.id,
      role: 'user',
      content: 'first',
      metadata: {},
      created_at: '2026-01-01T00:01:00.000Z',
      collection_id: null,
    })
    await laptop.store.chat.updateSession(session.id, {
      name: 'Renamed',
      updated_at: '2026-01-01T00:05:00.000Z',
    })
    await laptop.client.sync()
    await phone.client.sync()
    expect(await phone.plain.chat.getSession(session.id)).toMatchObject({
      name: 'Renamed',
      updated_at: '2026-01-01T00:05:00.000Z',
      message_count: 1,
    })
    // Applying a message again (a retried round) changes nothing and is no error.
    const message = (await phone.replica.allRecords()).find((r) => r.kind === SYNC_KIND.message)!
    await phone.applier.apply(message)
    expect(await phone.plain.chat.listMessages(session.id, { limit: 10 })).toHaveLength(1)
    expect(phone.errors).toEqual([])
  })

  it('a chat turn’s question and answer sync as two messages and one move of their session', async () => {
    const { laptop, phone, session } = await devicesWithSession()
    const turn = ['user', 'assistant'].map((role, i) => ({
      id: crypto.randomUUID(),
      session_id: session.id,
      role: role as 'user' | 'assistant',
      content: `${role} ${i}`,
      metadata: {},
      created_at: `2026-01-01T00:0${i + 1}:00.000Z`,
      collection_id: null,
    }))
    expect(await laptop.store.chat.addMessages(turn)).toEqual(turn)
    const queued = (await laptop.replica.outbox()).map((m) => m.change)
    expect(queued.map((change) => [change.kind, change.id])).toEqual([
      [SYNC_KIND.session, session.id],
      [SYNC_KIND.message, turn[0]!.id],
      [SYNC_KIND.message, turn[1]!.id],
      [SYNC_KIND.session, session.id],
    ])
    expect(queued.at(-1)!.fields).toEqual({
      updated_at: { value: ['2026-01-01T00:02:00.000Z'], hlc: expect.any(String) },
    })
    await laptop.client.sync()
    await phone.client.sync()
    expect(await phone.plain.chat.getSession(session.id)).toMatchObject({
      updated_at: '2026-01-01T00:02:00.000Z',
      message_count: 2,
    })
    expect(await phone.plain.chat.listMessages(session.id, { limit: 10 })).toEqual(turn)
    expect(phone.errors).toEqual([])
  })

  it('skips a malformed record and goes on with the rest', async () => {
    const { device, transport } = world()
    const phone = device('phone')
    const hlc = new HlcClock('hostile', () => Date.now())
    await transport.push('hostile', [
      {
        counter: 1,
        change: { kind: SYNC_KIND.collection, id: 'bad', fields: { name: { value: [42], hlc: hlc.tick() } } },
      },
      {
        counter: 2,
        change: {
          kind: SYNC_KIND.settings,
          id: 'settings',
          fields: { theme: { value: ['dark'], hlc: hlc.tick() } },
        },
      },
    ])
    await phone.client.sync()
    expect(await phone.plain.collections.getCollection('bad')).toBeUndefined()
    expect(phone.errors).toHaveLength(1)
    expect(await phone.plain.settings.getSettings()).toEqual({ theme: 'dark' })
  })

  it('never syncs an API key: each device keeps its own while the endpoint is the same', async () => {
    const { server, device } = world()
    const laptop = device('laptop')
    const phone = device('phone')
    const generator = { kind: 'openai', base_url: 'http://llm.example/v1', model: 'm' }
    await phone.store.settings.putSettings({ generator: { ...generator, api_key: 'sk-phone-own-key' } })
    await laptop.store.settings.putSettings({ generator: { ...generator, api_key: 'sk-laptop-own-key' } })
    const keyed = {
      definition_id: 'openai_api_keys_settings',
      value: { api_key: 'sk-laptop-instance', note: 'a' },
    }
    await laptop.store.records.writeRecords([
      {
        put: {
          kind: 'setting_instance',
          id: 'i1',
          parent_id: null,
          data: keyed,
          created_at: 't',
          updated_at: 't',
        },
      },
    ])
    await phone.client.sync()
    await laptop.client.sync()
    await phone.client.sync()
    const logged = JSON.stringify((await server.pull(0)).changes)
    expect(logged).toContain('openai_api_keys_settings')
    expect(logged).not.toMatch(/sk-(laptop|phone)/)
    // The phone has the laptop's settings and instance, with its own key and none of the laptop's.
    expect(await phone.plain.settings.getSettings()).toEqual({
      generator: { ...generator, api_key: 'sk-phone-own-key' },
    })
    expect((await phone.plain.records.getRecord('setting_instance', 'i1'))?.data.value).toEqual({ note: 'a' })

    // Another endpoint arrives from the laptop: the phone's key does not follow it there.
    await laptop.store.settings.putSettings({
      generator: { ...generator, base_url: 'http://other.example/v1' },
    })
    await laptop.client.sync()
    await phone.client.sync()
    expect(await phone.plain.settings.getSettings()).toEqual({
      generator: { ...generator, base_url: 'http://other.example/v1' },
    })
  })

  it('captures what a device held before it synced, once, and not what sync already knows', async () => {
    const { device } = world()
    const laptop = device('laptop')
    const collection = await laptop.plain.collections.createCollection(newCollection())
    await laptop.plain.settings.putSettings({ theme: 'light' })
    const known = await laptop.store.collections.createCollection(newCollection())
    const sink = {
      changes: laptop.client.changes.bind(laptop.client),
      remove: laptop.client.remove.bind(laptop.client),
    }
    const has = async (kind: string, id: string) => !!(await laptop.replica.getRecord(kind, id))
    expect(await captureExisting(laptop.plain, laptop.files, sink, has)).toBe(2)
    expect(await captureExisting(laptop.plain, laptop.files, sink, has)).toBe(0)
    expect((await laptop.replica.getRecord(SYNC_KIND.collection, collection.id))?.fields.name?.value).toEqual(
      [collection.name],
    )
    expect(known.id).not.toBe(collection.id)
  })
})
