import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../store/FileStore'
import { BlobMissingError, httpBlobTransfer } from './httpBlobTransfer'
import { SyncHttpError } from './httpSyncTransport'

const bytesOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 7 + 3) % 251)

/**
 * A server of one stored blob answering ranged GETs, whose answers can be made to fail: `breakGet`
 * numbers the GETs (1-based) whose body breaks off after a few bytes; `rejectGet` those that reject.
 */
function fakeServer(
  stored: Uint8Array | undefined,
  plan: { breakGet?: number[]; rejectGet?: number[] } = {},
) {
  const log: string[] = []
  let gets = 0
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    gets += 1
    const range = new Headers(init?.headers).get('range') ?? ''
    log.push(range)
    if (plan.rejectGet?.includes(gets)) throw new TypeError('fetch failed')
    if (!stored) return Response.json({ detail: 'Blob not found' }, { status: 404 })
    const [, a, b] = /^bytes=(\d+)-(\d+)$/.exec(range) ?? []
    const start = Number(a)
    const end = Math.min(Number(b), stored.length - 1)
    const part = stored.slice(start, end + 1)
    const headers = { 'content-range': `bytes ${start}-${end}/${stored.length}` }
    if (plan.breakGet?.includes(gets)) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(part.slice(0, 3))
          controller.error(new TypeError('terminated'))
        },
      })
      return new Response(body, { status: 206, headers })
    }
    return new Response(part, { status: 206, headers })
  }) as typeof globalThis.fetch
  return { fetch, log }
}

describe('httpBlobTransfer.download', () => {
  it('resumes from the bytes received after a part breaks off or a request fails', async () => {
    const bytes = bytesOf(250)
    const key = await sha256Hex(bytes)
    const server = fakeServer(bytes, { breakGet: [2], rejectGet: [3, 5] })
    const transfer = httpBlobTransfer({
      baseUrl: 'http://x',
      token: () => 't',
      fetch: server.fetch,
      partBytes: 100,
    })
    expect(await transfer.download(key)).toEqual(bytes)
    expect(server.log).toEqual([
      'bytes=0-99',
      'bytes=100-199',
      'bytes=100-199',
      'bytes=100-199',
      'bytes=200-299',
      'bytes=200-299',
    ])
  })

  it('gives up after 3 failures in a row on one part', async () => {
    const bytes = bytesOf(150)
    const server = fakeServer(bytes, { rejectGet: [2, 3, 4, 5] })
    const transfer = httpBlobTransfer({
      baseUrl: 'http://x',
      token: () => 't',
      fetch: server.fetch,
      partBytes: 100,
    })
    await expect(transfer.download(await sha256Hex(bytes))).rejects.toThrow('fetch failed')
    expect(server.log).toHaveLength(5)
  })

  it('throws BlobMissingError on 404 and refuses bytes that do not hash to the key', async () => {
    const missing = httpBlobTransfer({
      baseUrl: 'http://x',
      token: () => 't',
      fetch: fakeServer(undefined).fetch,
    })
    await expect(missing.download('a'.repeat(64))).rejects.toBeInstanceOf(BlobMissingError)
    const wrong = httpBlobTransfer({
      baseUrl: 'http://x',
      token: () => 't',
      fetch: fakeServer(bytesOf(10)).fetch,
    })
    await expect(wrong.download('a'.repeat(64))).rejects.toThrow(/does not hash/)
  })

  it('throws SyncHttpError for an error status without retrying', async () => {
    let calls = 0
    const fetch = (async () => {
      calls += 1
      return Response.json({ detail: 'Not authenticated' }, { status: 401 })
    }) as typeof globalThis.fetch
    const transfer = httpBlobTransfer({ baseUrl: 'http://x', token: () => undefined, fetch })
    await expect(transfer.download('a'.repeat(64))).rejects.toMatchObject({
      status: 401,
      detail: 'Not authenticated',
    })
    await expect(transfer.upload('a'.repeat(64), bytesOf(3))).rejects.toBeInstanceOf(SyncHttpError)
    expect(calls).toBe(2)
  })
})

describe('httpBlobTransfer.upload', () => {
  it('continues from the offset a 409 names', async () => {
    const bytes = bytesOf(300)
    const key = await sha256Hex(bytes)
    const ranges: string[] = []
    let held = 0
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/status')) {
        return Response.json({ key, complete: false, received: held, size: held ? 300 : null })
      }
      const range = new Headers(init?.headers).get('content-range') ?? ''
      ranges.push(range)
      const first = Number(/^bytes (\d+)-/.exec(range)?.[1])
      // Another device appended the second part meanwhile: the first PUT at 100 finds 200 held.
      if (first === 100 && held === 100) {
        held = 200
        return Response.json({ detail: 'offset', received: 200 }, { status: 409 })
      }
      held = first + (init?.body as Uint8Array).length
      return Response.json({ key, complete: held === 300, received: held, size: 300 })
    }) as typeof globalThis.fetch
    const transfer = httpBlobTransfer({ baseUrl: 'http://x', token: () => 't', fetch, partBytes: 100 })
    await transfer.upload(key, bytes)
    expect(ranges).toEqual(['bytes 0-99/300', 'bytes 100-199/300', 'bytes 200-299/300'])
  })
})
