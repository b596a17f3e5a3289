import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entryPath } from '../../web/core/archive/archiveFormat'
import type { ArchiveEntry } from '../../web/core/archive/archiveEntries'
import { zipArchive } from '../../web/core/archive/zipArchive'
import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import type { ChunkRecord } from '../../web/core/store/ChunkRecord'
import { sha256Hex } from '../../web/core/store/FileStore'
import { encodeChunks } from '../../web/core/sync/appData/chunkBlob'
import { bulkArchive } from './bulkArchive'
import { callJson } from './callJson'
import { createTestDatabase, type TestDatabase } from './postgres/createTestDatabase'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

type Server = Awaited<ReturnType<typeof startTestServer>>
type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const MINE = { kind: 'openai', base_url: 'http://127.0.0.1:9/v1', model: 'mine', api_key: 'sk-mine-123456' }
const THEIRS = { kind: 'openai', base_url: 'http://127.0.0.1:7/elsewhere', model: 'theirs', api_key: 'sk-x' }

async function postArchive(url: string, bytes: Uint8Array, query = '', headers: Record<string, string> = {}) {
  const form = new FormData()
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), 'quire.zip')
  const answer = await fetch(`${url}/api/v1/import${query}`, { method: 'POST', body: form, headers })
  return { status: answer.status, body: (await answer.json()) as Json }
}

async function exported(server: Server, query = ''): Promise<Uint8Array> {
  const answer = await fetch(`${server.url}/api/v1/export${query}`)
  expect(answer.status).toBe(200)
  return new Uint8Array(await answer.arrayBuffer())
}

/** The archive with `extra` entries added, the manifest listing them with their SHA-256. */
function withEntries(archive: Uint8Array, extra: ReturnType<typeof unzipSync>): Uint8Array {
  const files = unzipSync(archive)
  const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']))
  for (const [path, bytes] of Object.entries(extra)) {
    files[path] = bytes
    manifest.entries[path] = createHash('sha256').update(bytes).digest('hex')
  }
  files['manifest.json'] = strToU8(JSON.stringify(manifest))
  return zipSync(files)
}

const generatorOf = async (server: Server) =>
  (await callJson(server.url, 'GET', '/api/settings')).body.generator as Json
const personaNames = async (server: Server) =>
  ((await callJson(server.url, 'GET', '/api/v1/personas')).body.personas as Json[]).map((p) => p.name)

// The issue: a collection's archive that also carried `settings.json` and `records/persona.json` had
// both applied: the importer's generator pointed at another host and a persona appeared. An archive
// brings only its scope now, and an account's settings never replace a person's own unasked (nor
// their provider's endpoint, even asked).
describe('an archive brings only its scope', () => {
  let source: Server
  let victim: Server
  let collectionArchive: Uint8Array
  let accountArchive: Uint8Array
  beforeAll(async () => {
    source = await startTestServer()
    victim = await startTestServer()
    const collection = await callJson(source.url, 'POST', '/api/collections/', {
      name: 'Shared',
      description: 'handed on',
    })
    expect(collection.status, collection.text).toBeLessThan(300)
    const persona = await callJson(source.url, 'POST', '/api/v1/personas', {
      name: 'Injected',
      description: 'x',
      system_prompt: 'Obey the archive',
    })
    expect(persona.status).toBeLessThan(300)
    expect((await callJson(source.url, 'PUT', '/api/settings', { generator: THEIRS })).status).toBe(200)
    accountArchive = await exported(source)
    // The collection's own archive, with the account's settings and personas slipped in.
    const account = unzipSync(accountArchive)
    const carried = Object.fromEntries(
      Object.entries(account).filter(([path]) => path === 'settings.json' || path.startsWith('records/')),
    )
    expect(Object.keys(carried)).toContain('records/persona.json')
    expect(Object.keys(carried)).toContain('settings.json')
    collectionArchive = withEntries(await exported(source, `?collection_id=${collection.body.id}`), carried)
    expect((await callJson(victim.url, 'PUT', '/api/settings', { generator: MINE })).status).toBe(200)
  }, scaledTimeout(60_000))
  afterAll(async () => {
    await source?.stop()
    await victim?.stop()
  })

  it('imports a collection archive’s collection and ignores its settings and records, saying so', async () => {
    const before = await generatorOf(victim)
    const records = Object.keys(unzipSync(collectionArchive)).filter((p) => p.startsWith('records/'))
    const imported = await postArchive(victim.url, collectionArchive)
    expect(imported.status, JSON.stringify(imported.body)).toBe(200)
    expect(imported.body.data).toMatchObject({
      collections_added: 1,
      settings_restored: false,
      records_written: 0,
    })
    expect(imported.body.data.ignored.settings).toBe(true)
    expect(imported.body.data.ignored.records).toBeGreaterThanOrEqual(records.length)
    expect(await generatorOf(victim)).toEqual(before)
    expect(before).toMatchObject({ base_url: MINE.base_url, has_api_key: true })
    expect(await personaNames(victim)).not.toContain('Injected')
    const collections = (await callJson(victim.url, 'GET', '/api/collections/')).body as unknown as Json[]
    expect(collections.map((c) => c.name)).toEqual(['Shared'])
  })

  it('restores an account archive’s settings over the person’s own only when asked, never its endpoint', async () => {
    const before = await generatorOf(victim)
    const unasked = await postArchive(victim.url, accountArchive)
    expect(unasked.status, JSON.stringify(unasked.body)).toBe(200)
    expect(unasked.body.data).toMatchObject({ settings_restored: false, ignored: { settings: true } })
    expect(await generatorOf(victim)).toEqual(before)
    // An account's archive brings its records: the person asked for all of it.
    expect(await personaNames(victim)).toContain('Injected')

    const asked = await postArchive(victim.url, accountArchive, '?restore_settings=true')
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    expect(asked.body.data).toMatchObject({ settings_restored: true, ignored: { settings: false } })
    // The archive names another endpoint: the person's provider stays whole, with its key.
    expect(await generatorOf(victim)).toEqual(before)
  })

  it('restores an account archive’s settings into an account that has none', async () => {
    const fresh = await startTestServer()
    try {
      const imported = await postArchive(fresh.url, accountArchive)
      expect(imported.body.data).toMatchObject({ settings_restored: true, ignored: { settings: false } })
      // No key came with it: the person enters it again.
      expect(await generatorOf(fresh)).toMatchObject({ base_url: THEIRS.base_url, has_api_key: false })
    } finally {
      await fresh.stop()
    }
  })
})

const IMPORTS = 6
const DOCUMENTS = 5

// The issue: six imports of one archive at once answered 500 (SQLite: a temporary file name taken
// twice within a millisecond; PostgreSQL: a duplicate collection id), and a failed import's undo
// removed files another import's documents used. Now each answers 200, one of them adds the
// documents and the others find them here, and every document's file is there.
describe.each([
  { database: 'SQLite', postgres: false },
  { database: 'PostgreSQL', postgres: true },
])('imports of one archive at once, on $database', ({ postgres }) => {
  let server: Server
  let database: TestDatabase | undefined
  let auth: Record<string, string> = {}
  beforeAll(async () => {
    database = postgres ? await createTestDatabase() : undefined
    server = await startTestServer(database ? { accounts: true, config: { databaseUrl: database.url } } : {})
    if (database) auth = (await signUpForTest(server.url, 'concurrent')).auth
  }, scaledTimeout(60_000))
  afterAll(async () => {
    await server?.stop()
    await database?.drop()
  })

  it(
    'answers every one, adds the documents once and leaves each whole',
    async () => {
      const { bytes, collectionId } = await bulkArchive(DOCUMENTS)
      const exporting = fetch(`${server.url}/api/v1/export`, { headers: auth }).then(async (answer) => ({
        status: answer.status,
        bytes: (await answer.arrayBuffer()).byteLength,
      }))
      const answers = await Promise.all(
        Array.from({ length: IMPORTS }, () => postArchive(server.url, bytes, '', auth)),
      )
      expect(
        answers.map((a) => a.status),
        JSON.stringify(answers.map((a) => a.body)),
      ).toEqual(Array(IMPORTS).fill(200))
      const sum = (field: string) => answers.reduce((total, a) => total + (a.body.data[field] as number), 0)
      expect(sum('documents_added')).toBe(DOCUMENTS)
      expect(sum('documents_already_here')).toBe(DOCUMENTS * (IMPORTS - 1))
      expect(sum('collections_added')).toBe(1)
      expect((await exporting).status).toBe(200)

      await server.idle()
      const documents = (
        await callJson(server.url, 'GET', `/api/documents/?collection_id=${collectionId}`, undefined, auth)
      ).body as unknown as Json[]
      expect(documents).toHaveLength(DOCUMENTS)
      for (const document of documents) {
        expect(document.status).toBe('completed')
        const file = await fetch(`${server.url}/api/documents/${document.id}/file`, { headers: auth })
        expect(file.status, `${document.original_filename}: ${await file.clone().text()}`).toBe(200)
        expect(await file.text()).toMatch(/^# Entry \d+/)
      }
    },
    scaledTimeout(120_000),
  )
})

/**
 * An archive as an export writes it, of one document with `count` passages of `text(i)` each (and
 * the default embedder's vectors, so the import takes them as processed).
 */
async function oneDocumentArchive(count: number, text: (i: number) => string): Promise<Uint8Array> {
  const collectionId = randomUUID()
  const id = randomUUID()
  const time = new Date().toISOString()
  const file = new TextEncoder().encode('# A long book\n')
  const key = await sha256Hex(file)
  async function* entries(): AsyncGenerator<ArchiveEntry> {
    const collection = { id: collectionId, name: 'Books', description: '', color: null }
    yield {
      path: entryPath.collection(collectionId),
      bytes: json({ ...collection, created_at: time, updated_at: time }),
    }
    yield { path: entryPath.file(key), bytes: file }
    const chunks: ChunkRecord[] = []
    for (let i = 0; i < count; i++) {
      const [vector] = await hashEmbedder.embed([text(i)])
      chunks.push({
        ...{ id: randomUUID(), document_id: id, collection_id: collectionId, index: i, text: text(i) },
        ...{ page: Math.floor(i / 5) + 1, heading: null, token_count: 250, embedder: hashEmbedder.id },
        vector: vector ?? null,
      })
    }
    yield { path: entryPath.passages(id), bytes: await encodeChunks(chunks) }
    yield {
      path: entryPath.document(id),
      bytes: json({
        ...{ id, filename: 'book.md', original_filename: 'book.md', file_path: `files/${key}` },
        ...{ file_size: file.length, document_type: 'markdown', collection_id: collectionId },
        ...{ status: 'completed', created_at: time, processed_at: time, chunk_count: count },
        ...{
          metadata: { embedder: hashEmbedder.id, pages: Math.ceil(count / 5) },
          passages: entryPath.passages(id),
        },
      }),
    }
  }
  const stream = zipArchive(entries(), {
    created_at: time,
    scope: { collection_id: null, include_chats: false },
  })
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
const words = (i: number) =>
  `Page ${Math.floor(i / 5) + 1}, passage ${i}: ${'the harbour ledger notes tides and ships '.repeat(30)}`

describe('limits that real data stays far within', () => {
  let server: Server
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.stop())

  it(
    'imports a 1,000-page document’s 5,000 passages, read a passage at a time',
    async () => {
      const archive = await oneDocumentArchive(5000, words)
      const passages = unzipSync(archive)
      const size = Object.entries(passages).find(([path]) => path.endsWith('.passages.json'))![1].length
      // Far past what one of the per-entry caps of JSON read whole would take.
      expect(size).toBeGreaterThan(8 * 1024 * 1024)
      // /api/health every 150 ms while it is read, checked and stored, each answer timed.
      const waits: number[] = []
      let importing = true
      const polling = (async () => {
        while (importing) {
          const start = performance.now()
          expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
          waits.push(performance.now() - start)
          await new Promise((resolve) => setTimeout(resolve, 150))
        }
      })()
      const imported = await postArchive(server.url, archive).finally(() => (importing = false))
      await polling
      expect(imported.status, JSON.stringify(imported.body)).toBe(200)
      expect(imported.body.data).toMatchObject({ documents_added: 1, documents_taken_as_processed: 1 })
      console.log(
        `5,000 passages (${(size / 1048576).toFixed(1)} MB): /api/health slowest ${Math.max(...waits).toFixed(0)} ms of ${waits.length}`,
      )
      // A blocked event loop would hold an answer for seconds; a busy machine only slows each one down.
      expect(Math.max(...waits)).toBeLessThan(scaledTimeout(1000))
      const [document] = (await callJson(server.url, 'GET', '/api/documents/')).body as unknown as Json[]
      expect(document).toMatchObject({ status: 'completed', chunk_count: 5000 })
    },
    scaledTimeout(120_000),
  )

  it('refuses a passage past maxPassageBytes, naming it, and imports nothing', async () => {
    const fresh = await startTestServer()
    try {
      // Random letters: it deflates only a few times, so no bomb check stops it first.
      const long = Array.from(randomBytes(3 * 1024 * 1024), (byte) =>
        String.fromCharCode(97 + (byte % 26)),
      ).join('')
      const archive = await oneDocumentArchive(2, (i) => (i === 1 ? long : words(i)))
      const refused = await postArchive(fresh.url, archive)
      expect(refused.status).toBe(400)
      expect(refused.body.detail).toMatch(
        /holds a passage of more than 2 MB.*\(maxPassageBytes\).*nothing was imported/,
      )
      expect((await callJson(fresh.url, 'GET', '/api/collections/')).body).toEqual([])
    } finally {
      await fresh.stop()
    }
  })
})
