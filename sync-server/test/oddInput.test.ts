import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './startTestServer'
import { createTestCollection } from './createTestCollection'

type Server = Awaited<ReturnType<typeof startTestServer>>

const LEVELS = 100_000
const deep = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`

describe('deeply nested JSON', () => {
  let quire: Server
  const errors: unknown[] = []
  beforeAll(async () => {
    quire = await startTestServer({ errors })
  })
  afterAll(() => quire?.stop())

  // Each body is valid in every other respect: the nesting sits where a route takes any JSON value.
  const bodies: Array<[string, string, string]> = [
    [
      'POST',
      '/api/v1/sync/push',
      `{"client_id":"c1","mutations":[{"counter":1,"change":{"kind":"collection","id":"x","fields":{"name":{"value":${deep},"hlc":"001700000000000-000000-n1"}}}}]}`,
    ],
    ['POST', '/api/v1/personas', `{"name":"Deep","model_settings":{"a":${deep}}}`],
    ['POST', '/api/v1/pages', `{"name":"Deep","route":"/deep","content":{"a":${deep}}}`],
    ['PUT', '/api/settings', `{"generator":{"kind":"extractive","extra":${deep}}}`],
    ['POST', '/api/collections/', `{"name":"Deep","description":"d","extra":${deep}}`],
  ]

  for (const [method, path, body] of bodies) {
    it(`answers 400 at ${method} ${path}, not 500`, async () => {
      const response = await fetch(quire.url + path, {
        method,
        headers: { 'content-type': 'application/json' },
        body,
      })
      const answer = (await response.json()) as { detail: unknown }
      expect(response.status).toBe(400)
      expect(answer.detail).toMatch(/nested too deeply/)
    })
  }

  it('logged no server error on the way', () => {
    expect(errors).toEqual([])
  })
})

describe('file names that are not ASCII', () => {
  let quire: Server
  let collectionId: string
  beforeAll(async () => {
    quire = await startTestServer()
    collectionId = await createTestCollection(quire.url, 'Names', 'odd file names')
  })
  afterAll(() => quire?.stop())

  const upload = async (filename: string) => {
    const form = new FormData()
    form.append('collection_id', collectionId)
    form.append('file', new Blob(['# Notes\n\nA line.'], { type: 'text/markdown' }), filename)
    const response = await fetch(`${quire.url}/api/documents/`, { method: 'POST', body: form })
    expect(response.status).toBe(201)
    return ((await response.json()) as { id: string }).id
  }

  it('download with an RFC 5987 filename* and an ASCII fallback', async () => {
    const id = await upload('Überblick 日本語 (v2).md')
    const response = await fetch(`${quire.url}/api/documents/${id}/file`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('# Notes\n\nA line.')
    const disposition = response.headers.get('content-disposition')
    expect(disposition).toBe(
      `attachment; filename="_berblick ___ (v2).md"; filename*=UTF-8''%C3%9Cberblick%20%E6%97%A5%E6%9C%AC%E8%AA%9E%20%28v2%29.md`,
    )
  })

  it('cannot inject header text through quotes or line breaks', async () => {
    // Formidable decodes &#NNNN; in names, so a name can carry CR and LF.
    const id = await upload('a"b&#0013;&#0010;Set-Cookie: x=1;.md')
    const response = await fetch(`${quire.url}/api/documents/${id}/file`)
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toBeNull()
    const disposition = response.headers.get('content-disposition') ?? ''
    expect(disposition).toMatch(/^attachment; filename="a_b__Set-Cookie: x=1;\.md"; filename\*=UTF-8''/)
    expect(disposition).toContain(`filename*=UTF-8''a%22b%0D%0ASet-Cookie%3A%20x%3D1%3B.md`)
  })
})

describe('error details', () => {
  let quire: Server
  let staticDir: string
  beforeAll(async () => {
    // A build folder without its index.html, as a failed or partial `npm run build` leaves it.
    staticDir = mkdtempSync(join(tmpdir(), 'quire-no-shell-'))
    quire = await startTestServer({
      staticDir,
      // A job whose work hits a file system error, as any job can (a file gone, a full disk).
      jobHandlers: {
        test_reads_file: async () => {
          await readFile(join(quire.dataDir, 'users', 'gone', 'file.bin'))
        },
      },
    })
  })
  afterAll(async () => {
    await quire?.stop()
    rmSync(staticDir, { recursive: true, force: true })
  })

  it('never carry a server file path (a deep link when the app shell is missing)', async () => {
    const response = await fetch(`${quire.url}/collections/abc`, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(404)
    const { detail } = (await response.json()) as { detail: string }
    expect(detail).not.toContain(staticDir)
    expect(detail).not.toMatch(/ENOENT|\/tmp\//)
  })

  it("never carry one in a failed job's error, nor in its events", async () => {
    const created = await fetch(`${quire.url}/api/v1/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ job_type: 'test_reads_file' }),
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    await quire.idle()
    const job = (await (await fetch(`${quire.url}/api/v1/jobs/${id}`)).json()) as Record<string, unknown>
    expect(job.status).toBe('failed')
    expect(job.error).toMatch(/^ENOENT: no such file or directory, open '<server path>'$/)
    const events = await (await fetch(`${quire.url}/api/v1/jobs/${id}/events`)).text()
    expect(events).toContain('<server path>')
    expect(events).not.toContain(quire.dataDir)
  })
})
