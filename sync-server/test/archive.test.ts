import { createHash } from 'node:crypto'
import { strToU8, zipSync, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callJson } from './callJson'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

type Server = Awaited<ReturnType<typeof startTestServer>>

const NOTES = '# Harbour notes\n\nThe lighthouse keeper logs every ship named Calypso at dawn.'
const RECIPES = '# Recipes\n\nMarmalade needs Seville oranges and patience.'

async function upload(server: Server, collectionId: string, name: string, text: string) {
  const form = new FormData()
  form.set('collection_id', collectionId)
  form.set('file', new Blob([text], { type: 'text/markdown' }), name)
  const answer = await fetch(`${server.url}/api/documents/`, { method: 'POST', body: form })
  expect(answer.status, await answer.text()).toBe(201)
}

async function exportArchive(server: Server, query = ''): Promise<Uint8Array> {
  const answer = await fetch(`${server.url}/api/v1/export${query}`)
  expect(
    answer.status,
    await answer
      .clone()
      .text()
      .catch(() => ''),
  ).toBe(200)
  expect(answer.headers.get('content-type')).toBe('application/zip')
  return new Uint8Array(await answer.arrayBuffer())
}

async function importArchive(server: Server, bytes: Uint8Array, name = 'quire.zip') {
  const form = new FormData()
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), name)
  const answer = await fetch(`${server.url}/api/v1/import`, { method: 'POST', body: form })
  return {
    status: answer.status,
    body: (await answer.json()) as { detail?: string; data?: Record<string, unknown> },
  }
}

async function search(server: Server, query: string) {
  const answer = await callJson(server.url, 'POST', '/api/search_u/', { query, top_k: 5 })
  expect(answer.status).toBe(200)
  return (answer.body.chunks as Array<{ id: string; content: string; score: number }>).map((r) => [
    r.id,
    r.content,
    r.score,
  ])
}

/** What a person's space holds, as the API shows it (ids and names, not times a store fills in). */
async function snapshot(server: Server) {
  const collections = (await callJson(server.url, 'GET', '/api/collections/')).body
  const documents = await callJson(server.url, 'GET', '/api/documents/')
  const sessions = await callJson(server.url, 'GET', '/api/chat/sessions')
  const pages = await callJson(server.url, 'GET', '/api/v1/pages')
  const personas = await callJson(server.url, 'GET', '/api/v1/personas')
  const settings = (await callJson(server.url, 'GET', '/api/settings')).body
  const generator = { ...(settings.generator as Record<string, unknown>) }
  delete generator.has_api_key
  delete generator.api_key_hint
  return {
    settings: { ...settings, generator },
    collections,
    documents: documents.body,
    sessions: sessions.body,
    pages: pages.body,
    personas: personas.body,
  }
}

describe('export and import of a person’s data (server to server)', () => {
  let source: Server
  let target: Server
  let archive: Uint8Array
  let collectionId: string
  let sessionId: string

  beforeAll(async () => {
    source = await startTestServer()
    target = await startTestServer()
    const created = await callJson(source.url, 'POST', '/api/collections/', {
      name: 'Harbour',
      description: 'notes',
    })
    collectionId = created.body.id as string
    const other = await callJson(source.url, 'POST', '/api/collections/', {
      name: 'Kitchen',
      description: 'recipes',
    })
    await upload(source, collectionId, 'harbour.md', NOTES)
    await upload(source, other.body.id as string, 'recipes.md', RECIPES)
    await source.idle()
    const session = await callJson(source.url, 'POST', '/api/chat/sessions', {
      name: 'Ships',
      collection_id: collectionId,
    })
    sessionId = session.body.id as string
    const asked = await callJson(source.url, 'POST', '/api/chat/message', {
      session_id: sessionId,
      message: 'Which ship does the keeper log?',
    })
    expect(asked.status).toBe(200)
    expect(
      (
        await callJson(source.url, 'POST', '/api/v1/personas', {
          name: 'Pilot',
          description: 'x',
          system_prompt: 'Be brief',
        })
      ).status,
    ).toBeLessThan(300)
    expect(
      (
        await callJson(source.url, 'POST', '/api/v1/pages', {
          name: 'Logbook',
          route: 'logbook',
          content: { layouts: {} },
        })
      ).status,
    ).toBeLessThan(300)
    const settings = await callJson(source.url, 'PUT', '/api/settings', {
      generator: { kind: 'openai', base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key: 'sk-secret-9876' },
    })
    expect(settings.status, settings.text).toBe(200)
    archive = await exportArchive(source)
  }, scaledTimeout(60_000))

  afterAll(async () => {
    await source?.stop()
    await target?.stop()
  })

  it('writes a manifest with counts, the secrets note and the SHA-256 of every entry', () => {
    const entries = unzipSync(archive)
    const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']))
    expect(manifest).toMatchObject({
      format: 'quire-archive',
      format_version: 1,
      counts: { collections: 2, documents: 2, files: 2, chat_sessions: 1, chat_messages: 2 },
    })
    expect(manifest.secrets).toMatch(/API keys/)
    expect(
      Object.keys(entries)
        .filter((path) => path !== 'manifest.json')
        .sort(),
    ).toEqual(Object.keys(manifest.entries).sort())
    const all = Object.values(entries)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n')
    expect(all).not.toContain('sk-secret-9876')
    const passages = Object.keys(entries).filter((path) => path.endsWith('.passages.json'))
    expect(passages).toHaveLength(2)
    const chunks = JSON.parse(new TextDecoder().decode(entries[passages[0]!])).chunks
    expect(chunks[0]).toMatchObject({ embedder: 'hash-v1', vector: expect.any(String) })
  })

  it('brings everything into a fresh server, searchable with the same results, processing nothing', async () => {
    const imported = await importArchive(target, archive)
    expect(imported.status, JSON.stringify(imported.body)).toBe(200)
    expect(imported.body.data).toMatchObject({
      collections_added: 2,
      documents_added: 2,
      documents_taken_as_processed: 2,
      documents_reprocessed: 0,
      chat_sessions_added: 1,
      chat_messages_added: 2,
      settings_restored: true,
    })
    await target.idle()
    const before = await snapshot(source)
    const after = await snapshot(target)
    expect(after.collections).toEqual(before.collections)
    expect(after.documents).toEqual(before.documents)
    expect(after.sessions).toEqual(before.sessions)
    expect(after.pages).toEqual(before.pages)
    expect(after.personas).toEqual(before.personas)
    expect(await search(target, 'Calypso lighthouse')).toEqual(await search(source, 'Calypso lighthouse'))
    const messages = await callJson(target.url, 'GET', `/api/chat/messages?session_id=${sessionId}`)
    const original = await callJson(source.url, 'GET', `/api/chat/messages?session_id=${sessionId}`)
    expect(messages.body).toEqual(original.body)
  })

  it('adds nothing when the same archive is imported again', async () => {
    const before = await snapshot(target)
    const again = await importArchive(target, archive)
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({
      collections_added: 0,
      documents_added: 0,
      documents_already_here: 2,
      chat_sessions_added: 0,
      chat_messages_added: 0,
      records_written: 0,
    })
    expect(await snapshot(target)).toEqual(before)
  })

  it('processes documents again when their vectors are another embedder’s', async () => {
    const fresh = await startTestServer()
    try {
      const files = unzipSync(archive)
      const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']))
      for (const path of Object.keys(files).filter((p) => p.endsWith('.passages.json'))) {
        const blob = JSON.parse(new TextDecoder().decode(files[path]))
        for (const chunk of blob.chunks) chunk.embedder = 'some-other-embedder'
        files[path] = strToU8(JSON.stringify(blob))
        manifest.entries[path] = createHash('sha256').update(files[path]).digest('hex')
      }
      files['manifest.json'] = strToU8(JSON.stringify(manifest))
      const imported = await importArchive(fresh, zipSync(files))
      expect(imported.status).toBe(200)
      expect(imported.body.data).toMatchObject({ documents_taken_as_processed: 0, documents_reprocessed: 2 })
      await fresh.idle()
      const documents = (await callJson(fresh.url, 'GET', '/api/documents/')).body as unknown as Array<{
        status: string
      }>
      expect(documents.map((d) => d.status)).toEqual(['completed', 'completed'])
      // Processed again, the passages have new ids; their text and scores are the same.
      const withoutIds = (hits: unknown[][]) => hits.map(([, text, score]) => [text, score])
      expect(withoutIds(await search(fresh, 'Calypso lighthouse'))).toEqual(
        withoutIds(await search(source, 'Calypso lighthouse')),
      )
    } finally {
      await fresh.stop()
    }
  })

  it('hands one collection with its chats to another person', async () => {
    const colleague = await startTestServer()
    try {
      const one = await exportArchive(source, `?collection_id=${collectionId}&include_chats=true`)
      const imported = await importArchive(colleague, one)
      expect(imported.status).toBe(200)
      expect(imported.body.data).toMatchObject({
        collections_added: 1,
        documents_added: 1,
        chat_sessions_added: 1,
      })
      const collections = (await callJson(colleague.url, 'GET', '/api/collections/'))
        .body as unknown as Array<{ name: string }>
      expect(collections.map((c) => c.name)).toEqual(['Harbour'])
      expect((await search(colleague, 'Calypso'))[0]?.[1]).toContain('Calypso')
      expect((await search(colleague, 'Marmalade')).length).toBe(0)
    } finally {
      await colleague.stop()
    }
  })

  it('runs an import as a data_import job with progress when asked not to wait', async () => {
    const fresh = await startTestServer()
    try {
      const form = new FormData()
      form.set('file', new Blob([archive as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), 'q.zip')
      const queued = await fetch(`${fresh.url}/api/v1/import?async=true`, { method: 'POST', body: form })
      expect(queued.status).toBe(202)
      const { job_id: jobId } = (await queued.json()) as { job_id: string }
      await fresh.idle()
      const job = await callJson(fresh.url, 'GET', `/api/v1/jobs/${jobId}`)
      expect(job.body).toMatchObject({
        job_type: 'data_import',
        status: 'completed',
        progress_percent: 100,
        result: { collections_added: 2, documents_added: 2 },
      })
      const made = await callJson(fresh.url, 'POST', '/api/v1/jobs', { job_type: 'data_import', payload: {} })
      expect(made.status).toBe(422)
    } finally {
      await fresh.stop()
    }
  })

  it('answers 404 for an export of a collection that is not there', async () => {
    const answer = await fetch(
      `${source.url}/api/v1/export?collection_id=00000000-0000-4000-8000-000000000000`,
    )
    expect(answer.status).toBe(404)
  })

  describe('refuses an archive it cannot trust, importing nothing', () => {
    const entries = () => unzipSync(archive)
    const rezip = (files: Record<string, Uint8Array>) => zipSync(files)
    const manifestOf = (files: Record<string, Uint8Array>) =>
      JSON.parse(new TextDecoder().decode(files['manifest.json']))
    const cases: Array<[string, () => Uint8Array, RegExp]> = [
      ['not a zip', () => strToU8('just some text, no archive at all'), /not a readable \.zip/],
      ['truncated', () => archive.subarray(0, Math.floor(archive.length / 2)), /not a readable \.zip/],
      [
        'a wrong checksum',
        () => {
          const files = entries()
          const path = Object.keys(files).find((p) => p.startsWith('collections/'))!
          files[path] = strToU8(
            JSON.stringify({ ...JSON.parse(new TextDecoder().decode(files[path])), name: 'Forged' }),
          )
          return rezip(files)
        },
        /does not match its checksum/,
      ],
      [
        'a newer format version',
        () => {
          const files = entries()
          files['manifest.json'] = strToU8(JSON.stringify({ ...manifestOf(files), format_version: 99 }))
          return rezip(files)
        },
        /newer Quire.*Update Quire/,
      ],
      ['a foreign zip', () => rezip({ 'notes.txt': strToU8('hello') }), /not a Quire archive/],
      [
        'a zip-slip entry',
        () => rezip({ ...entries(), '../../evil.json': strToU8('{}') }),
        /leaves the package/,
      ],
      [
        'a compression bomb',
        () => rezip({ ...entries(), 'files/bomb': new Uint8Array(8 * 1024 * 1024) }),
        /compression ratio/,
      ],
      [
        'an entry nested too deeply',
        () => {
          const files = entries()
          const deep = strToU8(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)
          files['settings.json'] = deep
          const manifest = manifestOf(files)
          manifest.entries['settings.json'] = createHash('sha256').update(deep).digest('hex')
          files['manifest.json'] = strToU8(JSON.stringify(manifest))
          return rezip(files)
        },
        /nested too deeply/,
      ],
      [
        'an entry the manifest does not list',
        () => rezip({ ...entries(), 'collections/extra.json': strToU8('{}') }),
        /does not list/,
      ],
    ]
    it.each(cases)('%s', async (_name, make, detail) => {
      const fresh = await startTestServer()
      try {
        const answer = await importArchive(fresh, make())
        expect(answer.status).toBe(400)
        expect(answer.body.detail).toMatch(detail)
        expect(answer.body.detail).toMatch(/nothing was imported/)
        expect((await callJson(fresh.url, 'GET', '/api/collections/')).body).toEqual([])
      } finally {
        await fresh.stop()
      }
    })
  })

  it('answers 400 for a malformed include_chats', async () => {
    const answer = await fetch(`${target.url}/api/v1/export?include_chats=perhaps`)
    expect(answer.status).toBe(400)
  })

  it('answers 400 without a file', async () => {
    const answer = await fetch(`${target.url}/api/v1/import`, { method: 'POST', body: new FormData() })
    expect(answer.status).toBe(400)
  })
})
