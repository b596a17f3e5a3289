import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Collection } from '../../web/core/store/Collection'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'
import { corpusDir } from '../../web/core/testing/corpusDir'
import { corpusExpectations } from '../../web/core/testing/corpusExpectations'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const corpus = corpusDir(process.env, repoRoot)

// Every corpus file (qa/ excepted) uploaded to the real server over HTTP, all at once, each reaching
// the outcome corpus/README.md lists; one failing document never affects another.
describe('uploading the whole corpus to the server', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let collection: Collection
  const uploaded = new Map<string, { status: number; document?: DocumentRecord; detail?: string }>()

  beforeAll(async () => {
    // The server's ingest limit (120 s) is sized for a quiet machine; reading every file is the point here.
    server = await startTestServer({ config: { ingestTimeoutMs: scaledTimeout(120_000) } })
    const created = await fetch(`${server.url}/api/collections/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Corpus', description: 'Every file of the shared corpus' }),
    })
    collection = (await created.json()) as Collection
    const files = readdirSync(corpus)
      .filter((dir) => dir !== 'qa' && !dir.includes('.'))
      .flatMap((dir) => readdirSync(join(corpus, dir)).map((name) => `${dir}/${name}`))
    for (const file of files) {
      const form = new FormData()
      form.append('collection_id', collection.id)
      form.append('file', new Blob([readFileSync(join(corpus, file))]), file.split('/').pop())
      const response = await fetch(`${server.url}/api/documents/`, { method: 'POST', body: form })
      const body = (await response.json()) as DocumentRecord & { detail?: string }
      uploaded.set(file, {
        status: response.status,
        document: response.status === 201 ? body : undefined,
        detail: body.detail,
      })
    }
    await server.idle()
  }, scaledTimeout(600_000))
  afterAll(() => server.stop())

  const read = async (id: string) =>
    (await (await fetch(`${server.url}/api/documents/${id}`)).json()) as DocumentRecord

  it('uploads every file the README lists, and nothing else is in the corpus', () => {
    expect([...uploaded.keys()].sort()).toEqual(Object.keys(corpusExpectations).sort())
  })

  for (const [file, expected] of Object.entries(corpusExpectations)) {
    it(file, async () => {
      const upload = uploaded.get(file)
      expect(upload, 'uploaded').toBeDefined()
      if (readFileSync(join(corpus, file)).length === 0) {
        expect(upload?.status).toBe(400)
        expect(upload?.detail).toMatch(/empty/)
        return
      }
      expect(upload?.status, upload?.detail).toBe(201)
      const document = await read(upload!.document!.id)
      if ('either' in expected) {
        expect(['completed', 'failed']).toContain(document.status)
        return
      }
      if (!expected.completed) {
        expect(document.status, JSON.stringify(document.metadata)).toBe('failed')
        expect([expected.code].flat()).toContain(document.metadata.error_code)
        expect(String(document.metadata.error).length).toBeGreaterThan(10)
        return
      }
      expect(document.status, JSON.stringify(document.metadata)).toBe('completed')
      expect(document.chunk_count).toBeGreaterThan(0)
      if (expected.pages !== undefined) expect(document.metadata.pages).toBe(expected.pages)
    })
  }

  it('counts every document in the collection, and the completed ones as processed', async () => {
    const documents = (await (
      await fetch(`${server.url}/api/documents/?collection_id=${collection.id}`)
    ).json()) as DocumentRecord[]
    const completed = documents.filter((d) => d.status === 'completed').length
    const current = (await (
      await fetch(`${server.url}/api/collections/${collection.id}`)
    ).json()) as Collection
    expect(current.document_count).toBe(documents.length)
    expect(current.processed_count).toBe(completed)
    expect(documents.every((d) => d.status === 'completed' || d.status === 'failed')).toBe(true)
  })

  it(
    'opens the encrypted PDF when its password is given',
    async () => {
      const locked = uploaded.get('pdf/pdfplumber__password-example.pdf')!.document!
      const wrong = await fetch(`${server.url}/api/documents/${locked.id}/process`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'nope' }),
      })
      expect(wrong.status).toBe(202)
      await server.idle()
      expect((await read(locked.id)).metadata.error_code).toBe('wrong_password')
      await fetch(`${server.url}/api/documents/${locked.id}/process`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'test' }),
      })
      await server.idle()
      const opened = await read(locked.id)
      expect(opened.status).toBe('completed')
      expect(opened.metadata.pages).toBe(4)
    },
    scaledTimeout(60_000),
  )
})
