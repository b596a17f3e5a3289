import { spawn, spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawConnection } from './rawHttp'
import { startTestServer } from './startTestServer'
import { createTestCollection } from './createTestCollection'
import { pollUntil } from './pollUntil'

type Server = Awaited<ReturnType<typeof startTestServer>>

const MB = 1024 * 1024
const BOUNDARY = 'quire-test-boundary-7d3f'

/** The head of one multipart part; its content follows, then `\r\n`. */
function partHead(name: string, filename?: string, contentType?: string): string {
  return (
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
    (filename === undefined ? '' : `; filename="${filename}"`) +
    '\r\n' +
    (contentType ? `Content-Type: ${contentType}\r\n` : '') +
    '\r\n'
  )
}
const CLOSE = `--${BOUNDARY}--\r\n`

function chunk(data: string | Buffer): Buffer {
  const bytes = Buffer.from(data)
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')])
}

const uploadsOf = (server: Server) => readdirSync(server.uploadDir)

/**
 * Starts a chunked multipart upload of one file part to `path` and waits until the server has its
 * temporary file (so every test below really made one), then hands over the connection and a check
 * of which of the files this upload made are still there.
 */
async function startUpload(server: Server, path: string, headers = '') {
  const before = new Set(uploadsOf(server))
  const leftovers = () => uploadsOf(server).filter((name) => !before.has(name))
  const connection = rawConnection(server.url)
  connection.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Transfer-Encoding: chunked\r\n${headers}\r\n`,
  )
  connection.write(
    chunk(partHead('file', 'notes.md', 'text/markdown') + '# Notes\n\n' + 'x'.repeat(64 * 1024)),
  )
  await pollUntil('the server writes the upload to its upload folder', () => leftovers().length > 0)
  return Object.assign(connection, { leftovers })
}

describe('temporary upload files', () => {
  let quire: Server
  beforeAll(async () => {
    quire = await startTestServer({ config: { maxUploadBytes: MB } })
  })
  afterAll(() => quire?.stop())

  it('are never written for an upload to an unknown API route (404 before the body is read)', async () => {
    const before = new Set(uploadsOf(quire))
    const connection = rawConnection(quire.url)
    connection.write(
      `POST /api/no-such-route HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Transfer-Encoding: chunked\r\n\r\n`,
    )
    connection.write(
      chunk(partHead('file', 'notes.md', 'text/markdown') + '# Notes\n\n' + 'x'.repeat(64 * 1024)),
    )
    const { response } = await connection.outcome(10_000)
    expect(response?.status).toBe(404)
    expect(uploadsOf(quire).filter((name) => !before.has(name))).toEqual([])
    connection.close()
  })

  it('are gone after an upload to a path outside the API', async () => {
    const connection = await startUpload(quire, '/some/page')
    connection.write(chunk(`\r\n${CLOSE}`))
    connection.write('0\r\n\r\n')
    const { response } = await connection.outcome(10_000)
    expect(response?.status).toBe(404)
    expect(connection.leftovers()).toEqual([])
    connection.close()
  })

  it('are gone after a file over the limit (413, sent without a Content-Length)', async () => {
    const connection = await startUpload(quire, '/api/documents/')
    for (let sent = 0; sent < 2 * MB; sent += 256 * 1024) connection.write(chunk('y'.repeat(256 * 1024)))
    connection.write(chunk(`\r\n${CLOSE}`))
    connection.write('0\r\n\r\n')
    const { response } = await connection.outcome(10_000)
    expect(response?.status).toBe(413)
    expect(JSON.parse(response!.body).detail).toMatch(/upload limit of 1 MB/)
    expect(connection.leftovers()).toEqual([])
    connection.close()
  })

  it('are gone after a malformed body (the closing boundary never comes)', async () => {
    const connection = await startUpload(quire, '/api/documents/')
    connection.write('0\r\n\r\n')
    const { response } = await connection.outcome(10_000)
    expect(response?.status).toBe(400)
    expect(JSON.parse(response!.body).detail).toMatch(/multipart/i)
    expect(connection.leftovers()).toEqual([])
    connection.close()
  })

  it('are gone when the client hangs up in the middle of the file', async () => {
    const connection = await startUpload(quire, '/api/documents/')
    connection.close()
    await pollUntil('the partial upload is removed', () => connection.leftovers().length === 0)
  })

  it('are gone after a successful upload', async () => {
    const id = await createTestCollection(quire.url, 'Uploads', 'temporary files')
    const form = new FormData()
    form.append('collection_id', id)
    form.append('file', new Blob(['# Kept\n\nA note.'], { type: 'text/markdown' }), 'kept.md')
    const before = new Set(uploadsOf(quire))
    const response = await fetch(`${quire.url}/api/documents/`, { method: 'POST', body: form })
    expect(response.status).toBe(201)
    expect(uploadsOf(quire).filter((name) => !before.has(name))).toEqual([])
  })

  it('answers 413 to a declared Content-Length over the limit before reading the body', async () => {
    const before = new Set(uploadsOf(quire))
    const connection = rawConnection(quire.url)
    // 1 GB announced, a few bytes sent: the answer must not wait for the rest.
    connection.write(
      `POST /api/documents/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Content-Length: ${1024 * MB}\r\n\r\n${partHead('file', 'big.md', 'text/markdown')}`,
    )
    const { response } = await connection.outcome(5000)
    expect(response?.status).toBe(413)
    expect(JSON.parse(response!.body).detail).toMatch(/upload limit of 1 MB/)
    expect(response?.headers.connection).toBe('close')
    connection.close()
    expect(uploadsOf(quire).filter((name) => !before.has(name))).toEqual([])
  })
})

describe('a file part without a Content-Type (as Python requests sends it)', () => {
  let quire: Server
  let collectionId: string
  beforeAll(async () => {
    quire = await startTestServer()
    collectionId = await createTestCollection(quire.url, 'Scripts', 'uploaded by scripts')
  })
  afterAll(() => quire?.stop())

  const processed = async (id: string) => {
    await quire.idle()
    const document = await fetch(`${quire.url}/api/documents/${id}`)
    return (await document.json()) as { status: string; chunk_count: number; original_filename: string }
  }

  it('is a file: the bytes of requests.post(files={"file": ("notes.md", data)}), byte for byte', async () => {
    // What requests 2.x sends for a (filename, data) tuple: a filename, and no Content-Type line.
    const body =
      partHead('collection_id') +
      `${collectionId}\r\n` +
      partHead('file', 'notes.md') +
      '# Notes\n\nTides turn twice a day at the northern jetty.\r\n' +
      CLOSE
    const response = await fetch(`${quire.url}/api/documents/`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    })
    const document = (await response.json()) as { id: string; detail?: string }
    expect(response.status, document.detail).toBe(201)
    expect(await processed(document.id)).toMatchObject({
      status: 'completed',
      original_filename: 'notes.md',
    })
  })

  const python = spawnSync('python3', ['-c', 'import requests'], { encoding: 'utf8' })
  it.skipIf(python.status !== 0)('is a file when Python requests itself uploads it', async () => {
    const script = [
      'import requests, sys',
      'r = requests.post(sys.argv[1] + "/api/documents/", data={"collection_id": sys.argv[2]},',
      '                  files={"file": ("tides.md", b"# Tides\\n\\nThe jetty floods at spring tide.")})',
      'print(r.status_code); print(r.json().get("id", r.text))',
    ].join('\n')
    // Run asynchronously: the server answering it lives in this very process.
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('python3', ['-c', script, quire.url, collectionId])
      let text = ''
      child.stdout.on('data', (data: Buffer) => (text += data.toString()))
      child.stderr.on('data', (data: Buffer) => (text += data.toString()))
      child.on('error', reject)
      child.on('close', () => resolve(text))
    })
    const [status, id] = output.trim().split('\n')
    expect(status, output).toBe('201')
    expect(await processed(id!)).toMatchObject({ status: 'completed', original_filename: 'tides.md' })
  })
})

describe('uploads on a server with accounts', () => {
  let quire: Server
  beforeAll(async () => {
    quire = await startTestServer({ accounts: true })
  })
  afterAll(() => quire?.stop())

  it('are refused with 401 before any file is written', async () => {
    const form = new FormData()
    form.append('file', new Blob(['z'.repeat(256 * 1024)], { type: 'text/markdown' }), 'a.md')
    const response = await fetch(`${quire.url}/api/documents/`, { method: 'POST', body: form })
    expect(response.status).toBe(401)
    expect(uploadsOf(quire)).toEqual([])
  })
})
