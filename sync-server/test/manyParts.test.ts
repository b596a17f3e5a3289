import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_FIELDS_PER_REQUEST, MAX_FILES_PER_REQUEST } from '../src/bodyParser'
import { createTestCollection } from './createTestCollection'
import { httpCall, rawConnection } from './rawHttp'
import { startTestServer } from './startTestServer'

type Server = Awaited<ReturnType<typeof startTestServer>>

const BOUNDARY = 'quire-many-parts-4b1e'
const TOO_MANY = `too many files in one request (at most ${MAX_FILES_PER_REQUEST})`

/** A multipart body with a `collection_id` field and `count` small file parts, built by hand. */
function manyFiles(count: number, collectionId = 'none', fileBytes = 16): Buffer {
  const parts = [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="collection_id"\r\n\r\n${collectionId}\r\n`,
  ]
  for (let index = 0; index < count; index++) {
    parts.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="part-${index}.md"\r\n` +
        `Content-Type: text/markdown\r\n\r\n# Part ${index}\n${'x'.repeat(fileBytes)}\r\n`,
    )
  }
  parts.push(`--${BOUNDARY}--\r\n`)
  return Buffer.from(parts.join(''))
}

const post = (server: Server, path: string, body: Buffer) =>
  httpCall(server.url + path, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(body.length),
    },
    body,
  })

/**
 * A hostile client sent thousands of tiny file parts in one request: formidable refused the 21st as
 * "larger than the upload limit" (413), while the parts already parsed from the same chunk went on
 * to open their temporary files after the refusal, ~490 of which stayed until a restart.
 */
describe('a request with more file parts than the server takes', () => {
  let quire: Server
  let collectionId: string
  beforeAll(async () => {
    quire = await startTestServer()
    collectionId = await createTestCollection(quire.url, 'Parts', 'many parts')
  })
  afterAll(() => quire?.stop())

  const uploads = () => readdirSync(quire.uploadDir)

  for (const count of [5000, MAX_FILES_PER_REQUEST + 1, 25]) {
    for (const path of ['/api/documents/', '/api/v1/documents/process-multiple']) {
      it(`answers 400 to ${count} file parts at ${path}, and leaves no temporary file behind`, async () => {
        expect(uploads()).toEqual([])
        const response = await post(quire, path, manyFiles(count, collectionId))
        // Listed at once, without waiting: the files are gone before the answer is sent.
        expect(uploads()).toEqual([])
        expect(response.status, response.body).toBe(400)
        expect(JSON.parse(response.body)).toEqual({ detail: TOO_MANY })
      })
    }
  }

  it('answers 400 even when the parts come one small chunk at a time', async () => {
    const connection = rawConnection(quire.url)
    const body = manyFiles(200, collectionId)
    connection.write(
      `POST /api/documents/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    )
    for (let at = 0; at < body.length; at += 300) connection.write(body.subarray(at, at + 300))
    const { response } = await connection.outcome(10_000)
    expect(uploads()).toEqual([])
    expect(response?.status).toBe(400)
    expect(JSON.parse(response!.body)).toEqual({ detail: TOO_MANY })
    connection.close()
  })

  it(`answers 400 to more than ${MAX_FIELDS_PER_REQUEST} text fields beside a file, leaving no file`, async () => {
    const fields = Array.from(
      { length: MAX_FIELDS_PER_REQUEST + 1 },
      (_, index) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="field${index}"\r\n\r\nvalue\r\n`,
    ).join('')
    const body = Buffer.concat([Buffer.from(fields), manyFiles(1, collectionId, 200_000)])
    const response = await post(quire, '/api/documents/', body)
    expect(uploads()).toEqual([])
    expect(response.status, response.body).toBe(400)
    expect(JSON.parse(response.body)).toEqual({
      detail: `too many fields in one request (at most ${MAX_FIELDS_PER_REQUEST})`,
    })
  })

  it(`hands ${MAX_FILES_PER_REQUEST} file parts to the route, and removes their temporary files after`, async () => {
    // process-multiple takes 10 files at most: its own 400 shows the parser let all 20 through.
    const twenty = await post(
      quire,
      '/api/v1/documents/process-multiple',
      manyFiles(MAX_FILES_PER_REQUEST, collectionId),
    )
    expect(uploads()).toEqual([])
    expect(twenty.status, twenty.body).toBe(400)
    expect(JSON.parse(twenty.body)).toEqual({ detail: 'Too many files. Maximum is 10 files' })
    const ten = await post(quire, '/api/v1/documents/process-multiple', manyFiles(10, collectionId))
    expect(uploads()).toEqual([])
    expect(ten.status, ten.body).toBe(200)
    const { results } = JSON.parse(ten.body) as { results: Array<{ filename: string }> }
    expect(results.map((result) => result.filename)).toEqual(
      Array.from({ length: 10 }, (_, index) => `part-${index}.md`),
    )
  })
})
