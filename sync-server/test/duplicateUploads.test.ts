import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
import { createTestCollection } from './createTestCollection'
import { createTestDatabase, type TestDatabase } from './postgres/createTestDatabase'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const HARBOUR = '# Harbour log\n\nThe pilot boat left at dawn with the tide.'

// Issue 70, item 6: the same file uploaded twice made two documents, silently. `on_duplicate`
// (keep, the default; skip; replace) decides, over real HTTP, on the server's SQLite and PostgreSQL
// stores; the browser's API worker serves the same route from web/core.
describe.each([
  { database: 'SQLite', postgres: false },
  { database: 'PostgreSQL', postgres: true },
])('uploading content already in the collection, on $database', ({ postgres }) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let database: TestDatabase | undefined
  let auth: Record<string, string> = {}
  const errors: unknown[] = []

  beforeAll(async () => {
    database = postgres ? await createTestDatabase() : undefined
    server = await startTestServer({
      errors,
      ...(database ? { accounts: true, config: { databaseUrl: database.url } } : {}),
    })
    if (database) auth = (await signUpForTest(server.url, 'harbourmaster')).auth
    // The first document a server processes starts its ingest worker (its modules loaded: about 3 s on a
    // quiet machine, over the limit of a test on a loaded one); here, under the hook's own limit.
    await upload(await collection('Warm up'), 'warm.md', '# Warm\n\nup.')
    await server.idle()
  }, scaledTimeout(60_000))
  afterAll(async () => {
    await server?.stop()
    await database?.drop()
  })

  const upload = async (collectionId: string, name: string, text: string, onDuplicate?: string) => {
    const form = new FormData()
    form.append('collection_id', collectionId)
    if (onDuplicate !== undefined) form.append('on_duplicate', onDuplicate)
    form.append('file', new Blob([text], { type: 'text/markdown' }), name)
    const response = await fetch(`${server.url}/api/documents/`, {
      method: 'POST',
      headers: auth,
      body: form,
    })
    return { status: response.status, body: (await response.json()) as Json }
  }
  const list = async (collectionId: string) => {
    const response = await fetch(`${server.url}/api/documents/?collection_id=${collectionId}`, {
      headers: auth,
    })
    return (await response.json()) as Json[]
  }
  const collection = (name: string) => createTestCollection(server.url, name, 'duplicates', auth)
  /** A new collection `name` holding log.md, processed; then the same text uploaded as `again` with `action`. */
  const uploadTwice = async (name: string, again: string, action: string) => {
    const id = await collection(name)
    const first = await upload(id, 'log.md', HARBOUR)
    await server.idle()
    const second = await upload(id, again, HARBOUR, action)
    expect(second.status).toBe(200)
    return { id, first, second }
  }

  it('keeps both by default, as clients that never send on_duplicate expect', async () => {
    const id = await collection('Keep')
    const first = await upload(id, 'log.md', HARBOUR)
    const second = await upload(id, 'log copy.md', HARBOUR)
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body.id).not.toBe(first.body.id)
    expect(second.body.duplicate).toBeUndefined()
    expect(await list(id)).toHaveLength(2)
    // Said explicitly, the same.
    expect((await upload(id, 'log third.md', HARBOUR, 'keep')).status).toBe(201)
    expect(await list(id)).toHaveLength(3)
  })

  it('skips: makes nothing and names the document already there', async () => {
    const { id, first, second: skipped } = await uploadTwice('Skip', 'log again.md', 'skip')
    expect(skipped.body).toMatchObject({
      id: first.body.id,
      original_filename: 'log.md',
      status: 'completed',
      duplicate: { action: 'skipped', existing_document_id: first.body.id, existing_filename: 'log.md' },
    })
    const documents = await list(id)
    expect(documents.map((document) => document.id)).toEqual([first.body.id])
    // Other content is no duplicate: skip uploads it as any upload.
    const other = await upload(id, 'other.md', `${HARBOUR}\n\nA second line.`, 'skip')
    expect(other.status).toBe(201)
    expect(other.body.duplicate).toBeUndefined()
    expect(await list(id)).toHaveLength(2)
  })

  it('keeps one document of the same content uploaded many times at the same instant with skip', async () => {
    const id = await collection('Together')
    // Fired together: each upload's look for the content and the document it makes are one step, so
    // exactly one makes the document and every other is answered as skipped, naming it.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(id, `log ${i}.md`, HARBOUR, 'skip')),
    )
    const made = answers.filter((answer) => answer.status === 201)
    expect(made).toHaveLength(1)
    const kept = made[0]!.body
    const skipped = answers.filter((answer) => answer.status === 200)
    expect(skipped).toHaveLength(7)
    for (const answer of skipped) {
      expect(answer.body).toMatchObject({
        id: kept.id,
        duplicate: {
          action: 'skipped',
          existing_document_id: kept.id,
          existing_filename: kept.original_filename,
        },
      })
    }
    expect((await list(id)).map((document) => document.id)).toEqual([kept.id])
    // With replace, too: one document, the others answered as replacing it.
    const other = await collection('Together replace')
    const replaced = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(other, `log ${i}.md`, HARBOUR, 'replace')),
    )
    expect(replaced.filter((answer) => answer.status === 201)).toHaveLength(1)
    expect(replaced.filter((answer) => answer.body.duplicate?.action === 'replaced')).toHaveLength(5)
    await server.idle()
    expect(await list(other)).toHaveLength(1)
  })

  it('looks only in the collection uploaded to', async () => {
    const first = await collection('First')
    const second = await collection('Second')
    await upload(first, 'log.md', HARBOUR)
    const elsewhere = await upload(second, 'log.md', HARBOUR, 'skip')
    expect(elsewhere.status).toBe(201)
    expect(elsewhere.body.collection_id).toBe(second)
    expect(await list(second)).toHaveLength(1)
  })

  it('replaces: the document there takes the new name and is processed again', async () => {
    const { id, first, second: replaced } = await uploadTwice('Replace', 'Harbour log 2024.md', 'replace')
    expect(replaced.body).toMatchObject({
      id: first.body.id,
      original_filename: 'Harbour log 2024.md',
      status: 'processing',
      duplicate: { action: 'replaced', existing_document_id: first.body.id, existing_filename: 'log.md' },
    })
    if (postgres) expect(replaced.body.job_id).toEqual(expect.any(String))
    await server.idle()
    const documents = await list(id)
    expect(documents).toHaveLength(1)
    expect(documents[0]).toMatchObject({
      id: first.body.id,
      original_filename: 'Harbour log 2024.md',
      status: 'completed',
    })
    expect(documents[0]!.chunk_count).toBeGreaterThan(0)
    const search = await fetch(`${server.url}/api/search_u/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'pilot boat tide', collection_id: id }),
    })
    const chunks = ((await search.json()) as Json).chunks as Json[]
    expect(chunks.map((chunk) => chunk.document_id)).toEqual(chunks.map(() => first.body.id))
    expect(chunks.length).toBeGreaterThan(0)
  })

  it('answers 400 naming the allowed values for any other on_duplicate, and stores nothing', async () => {
    const id = await collection('Bad')
    await upload(id, 'log.md', HARBOUR)
    for (const value of ['ask', 'SKIP', '', 'skip '.repeat(300)]) {
      const answer = await upload(id, 'again.md', HARBOUR, value)
      expect(answer.status, value).toBe(400)
      expect(answer.body.detail).toMatch(/on_duplicate: must be one of keep, skip, replace/)
    }
    expect(await list(id)).toHaveLength(1)
  })

  it('documents on_duplicate, its values and its default, and the duplicate answers', async () => {
    const openApi = (await (await fetch(`${server.url}/openapi.json`, { headers: auth })).json()) as Json
    const upload = openApi.paths['/api/documents/'].post
    const onDuplicate = upload.requestBody.content['multipart/form-data'].schema.properties
      .on_duplicate as Json
    expect(onDuplicate).toMatchObject({ enum: ['keep', 'skip', 'replace'], default: 'keep' })
    expect(onDuplicate.description).toMatch(/`keep` \(the default/)
    expect(onDuplicate.description).toMatch(/same content at the same instant take turns/)
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['200', '201', '400']))
  })

  it('logged no server error on the way', () => {
    expect(errors).toEqual([])
  })
})
