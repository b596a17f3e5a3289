import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex } from '../../web/core/store/FileStore'
import { BlobMissingError, httpBlobTransfer } from '../../web/core/sync/httpBlobTransfer'
import { SyncHttpError } from '../../web/core/sync/httpSyncTransport'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

const NO_USER_LIMIT = {
  login: { limit: 100, windowSeconds: 60 },
  register: { limit: 100, windowSeconds: 3600 },
  user: { limit: 0, windowSeconds: 60 },
}

/** Bytes that differ at every offset (a seeded LCG), so a part put at the wrong place is noticed. */
function blobOf(length: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length)
  let state = seed >>> 0
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    bytes[i] = state >>> 24
  }
  return bytes
}

/** A fetch that counts the body bytes of PUTs and can be told to fail (as a network would). */
function countingFetch() {
  const counter = {
    putBytes: 0,
    puts: 0,
    /** Fails the PUT with this (1-based) number with a network error, before sending it. */
    failPut: new Set<number>(),
    /** Stops everything after this many successful PUTs (an interrupted device). */
    stopAfterPuts: Infinity,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        counter.puts += 1
        if (counter.failPut.has(counter.puts)) throw new TypeError('fetch failed (simulated)')
        if (counter.puts > counter.stopAfterPuts) throw new Error('device went offline')
        counter.putBytes += (init.body as Uint8Array).length
      }
      return fetch(input, init)
    }) as typeof fetch,
  }
  return counter
}

describe('blob transfer over HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let alice: TestUser
  let bob: TestUser
  const url = (key: string, suffix = '') => `${server.url}/api/v1/sync/blobs/${key}${suffix}`
  const transfer = (user: TestUser, extra: Partial<Parameters<typeof httpBlobTransfer>[0]> = {}) =>
    httpBlobTransfer({ baseUrl: server.url, token: () => user.token, partBytes: 1000, ...extra })
  const put = (user: TestUser, key: string, body: Uint8Array<ArrayBuffer>, range: string) =>
    fetch(url(key), {
      method: 'PUT',
      headers: { ...user.auth, 'content-type': 'application/octet-stream', 'content-range': range },
      body,
    })
  const statusOf = async (user: TestUser, key: string) => {
    const response = await fetch(url(key, '/status'), { headers: user.auth })
    expect(response.status).toBe(200)
    return (await response.json()) as { complete: boolean; received: number; size: number | null }
  }

  beforeAll(async () => {
    server = await startTestServer({ accounts: true, rateLimits: NO_USER_LIMIT })
    alice = await signUpForTest(server.url, 'blobalice')
    bob = await signUpForTest(server.url, 'blobbob')
  }, scaledTimeout(60_000))
  afterAll(() => server.stop())

  it('uploads in three parts, answers status while partial, and downloads the same bytes', async () => {
    const bytes = blobOf(2500, 1)
    const key = await sha256Hex(bytes)
    expect(await statusOf(alice, key)).toEqual({ key, complete: false, received: 0, size: null })
    const first = await put(alice, key, bytes.slice(0, 1000), 'bytes 0-999/2500')
    expect(await first.json()).toEqual({ key, complete: false, received: 1000, size: 2500 })
    expect(await statusOf(alice, key)).toEqual({ key, complete: false, received: 1000, size: 2500 })

    const progress: number[] = []
    const counter = countingFetch()
    await transfer(alice, { fetch: counter.fetch }).upload(key, bytes, (sent) => progress.push(sent))
    expect(counter.putBytes).toBe(1500)
    expect(counter.puts).toBe(2)
    expect(progress.at(-1)).toBe(2500)
    expect(await statusOf(alice, key)).toEqual({ key, complete: true, received: 2500, size: 2500 })
    expect(await transfer(alice).has(key)).toBe(true)

    const seen: number[] = []
    const downloaded = await transfer(alice).download(key, (received) => seen.push(received))
    expect(downloaded).toEqual(bytes)
    expect(seen).toEqual([1000, 2000, 2500])

    // Stored through the space's own FileStore: the same key the document routes use.
    const { runtime } = await server.spaces.get(alice.id)
    expect(await runtime.ports.files.get(key)).toEqual(bytes)
    // Uploading again sends nothing.
    const again = countingFetch()
    await transfer(alice, { fetch: again.fetch }).upload(key, bytes)
    expect(again.puts).toBe(0)
    // A retried last part is answered as complete without being looked at.
    const retried = await put(alice, key, bytes.slice(2000), 'bytes 2000-2499/2500')
    expect(await retried.json()).toEqual({ key, complete: true, received: 2500, size: 2500 })
  })

  it('resumes an interrupted upload with a new transfer, sending only the rest', async () => {
    const bytes = blobOf(3000, 2)
    const key = await sha256Hex(bytes)
    const interrupted = countingFetch()
    interrupted.stopAfterPuts = 1
    await expect(transfer(alice, { fetch: interrupted.fetch }).upload(key, bytes)).rejects.toThrow(
      'device went offline',
    )
    expect(interrupted.putBytes).toBe(1000)
    expect((await statusOf(alice, key)).received).toBe(1000)

    const resumed = countingFetch()
    await transfer(alice, { fetch: resumed.fetch }).upload(key, bytes)
    expect(resumed.putBytes).toBe(2000)
    expect(await transfer(alice).download(key)).toEqual(bytes)
  })

  it('retries a part whose request failed from the server’s offset, then gives up after 3 in a row', async () => {
    const bytes = blobOf(2200, 3)
    const key = await sha256Hex(bytes)
    const flaky = countingFetch()
    flaky.failPut = new Set([2, 3])
    await transfer(alice, { fetch: flaky.fetch }).upload(key, bytes)
    expect(flaky.putBytes).toBe(2200)
    expect(await transfer(alice).download(key)).toEqual(bytes)

    const other = blobOf(1500, 4)
    const broken = countingFetch()
    broken.failPut = new Set([1, 2, 3, 4])
    await expect(
      transfer(alice, { fetch: broken.fetch }).upload(await sha256Hex(other), other),
    ).rejects.toThrow('simulated')
    expect(broken.puts).toBe(4)
  })

  it('refuses bytes that do not hash to the key (422) and keeps nothing', async () => {
    const bytes = blobOf(1500, 5)
    const wrongKey = await sha256Hex(blobOf(1500, 6))
    expect((await put(alice, wrongKey, bytes.slice(0, 1000), 'bytes 0-999/1500')).status).toBe(200)
    const last = await put(alice, wrongKey, bytes.slice(1000), 'bytes 1000-1499/1500')
    expect(last.status).toBe(422)
    expect(((await last.json()) as { detail: string }).detail).toMatch(/hash/)
    expect(await statusOf(alice, wrongKey)).toEqual({
      key: wrongKey,
      complete: false,
      received: 0,
      size: null,
    })
    expect(
      await (await server.spaces.get(alice.id)).runtime.ports.files.get(await sha256Hex(bytes)),
    ).toBeUndefined()
    await expect(transfer(alice).upload(wrongKey, bytes)).rejects.toMatchObject({ status: 422 })
  })

  it('answers a part out of order with 409 and the offset held, and a changed total with 409', async () => {
    const bytes = blobOf(3000, 7)
    const key = await sha256Hex(bytes)
    const early = await put(alice, key, bytes.slice(1000, 2000), 'bytes 1000-1999/3000')
    expect(early.status).toBe(409)
    expect(await early.json()).toMatchObject({ received: 0 })
    expect((await put(alice, key, bytes.slice(0, 1000), 'bytes 0-999/3000')).status).toBe(200)
    const again = await put(alice, key, bytes.slice(0, 1000), 'bytes 0-999/3000')
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ received: 1000 })
    const otherTotal = await put(alice, key, bytes.slice(1000, 2000), 'bytes 1000-1999/4000')
    expect(otherTotal.status).toBe(409)
    expect(await otherTotal.json()).toMatchObject({ received: 1000 })
  })

  it('refuses concurrent parts of one blob: exactly one is appended, the other gets 409', async () => {
    const bytes = blobOf(4_000_000, 8)
    const key = await sha256Hex(bytes)
    const part = bytes.slice(0, 2_000_000)
    const answers = await Promise.all([
      put(alice, key, part, 'bytes 0-1999999/4000000'),
      put(alice, key, part, 'bytes 0-1999999/4000000'),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect((await statusOf(alice, key)).received).toBe(2_000_000)
  })

  it('answers malformed ranges, bodies and sizes with 400 and 413', async () => {
    const bytes = blobOf(100, 9)
    const key = await sha256Hex(bytes)
    for (const range of ['', 'bytes 0-99', 'bytes 10-5/100', 'bytes 0-100/100', 'items 0-99/100']) {
      expect((await put(alice, key, bytes, range)).status, range).toBe(400)
    }
    expect((await put(alice, key, bytes.slice(0, 50), 'bytes 0-99/100')).status).toBe(400)
    expect((await put(alice, key, new Uint8Array(), 'bytes */0')).status).toBe(400)
    const huge = await put(alice, key, bytes, `bytes 0-99/${600 * 1024 * 1024}`)
    expect(huge.status).toBe(413)
    const tooLarge = await put(
      alice,
      key,
      new Uint8Array(8 * 1024 * 1024 + 1),
      `bytes 0-${8 * 1024 * 1024}/9000000`,
    )
    expect(tooLarge.status).toBe(413)
    expect(await statusOf(alice, key)).toMatchObject({ received: 0 })
    const json = await fetch(url(key), {
      method: 'PUT',
      headers: { ...alice.auth, 'content-type': 'application/json', 'content-range': 'bytes 0-1/2' },
      body: '{}',
    })
    expect(json.status).toBe(400)
  })

  it('serves ranges (206), 416 beyond the end, ETag and caching headers', async () => {
    const bytes = blobOf(5000, 10)
    const key = await sha256Hex(bytes)
    await transfer(alice, { partBytes: 4096 }).upload(key, bytes)
    const whole = await fetch(url(key), { headers: alice.auth })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('application/octet-stream')
    expect(whole.headers.get('content-length')).toBe('5000')
    expect(whole.headers.get('etag')).toBe(`"${key}"`)
    expect(whole.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes)

    const ranged = await fetch(url(key), { headers: { ...alice.auth, range: 'bytes=100-199' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe('bytes 100-199/5000')
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(bytes.slice(100, 200))
    const open = await fetch(url(key), { headers: { ...alice.auth, range: 'bytes=4990-' } })
    expect(open.status).toBe(206)
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes.slice(4990))
    const pastEnd = await fetch(url(key), { headers: { ...alice.auth, range: 'bytes=4990-9999' } })
    expect(pastEnd.headers.get('content-range')).toBe('bytes 4990-4999/5000')

    const unsatisfiable = await fetch(url(key), { headers: { ...alice.auth, range: 'bytes=5000-' } })
    expect(unsatisfiable.status).toBe(416)
    expect(unsatisfiable.headers.get('content-range')).toBe('bytes */5000')

    const cached = await fetch(url(key), { headers: { ...alice.auth, 'if-none-match': `"${key}"` } })
    expect(cached.status).toBe(304)
  })

  it('keeps users apart, needs a token and names malformed keys 404', async () => {
    const bytes = blobOf(1200, 11)
    const key = await sha256Hex(bytes)
    await transfer(alice).upload(key, bytes)
    expect((await fetch(url(key), { headers: bob.auth })).status).toBe(404)
    expect(await statusOf(bob, key)).toEqual({ key, complete: false, received: 0, size: null })
    expect(await transfer(bob).has(key)).toBe(false)
    await expect(transfer(bob).download(key)).rejects.toBeInstanceOf(BlobMissingError)

    expect((await fetch(url(key))).status).toBe(401)
    expect((await fetch(url(key, '/status'))).status).toBe(401)
    const anonymous = httpBlobTransfer({ baseUrl: server.url, token: () => undefined })
    await expect(anonymous.upload(key, bytes)).rejects.toBeInstanceOf(SyncHttpError)

    for (const bad of ['abc', key.toUpperCase(), `${key}0`, 'g'.repeat(64)]) {
      expect((await fetch(url(bad), { headers: alice.auth })).status, bad).toBe(404)
      expect((await fetch(url(bad, '/status'), { headers: alice.auth })).status, bad).toBe(404)
      expect((await put(alice, bad, bytes, 'bytes 0-1199/1200')).status, bad).toBe(404)
    }
  })

  it('downloads a document the REST surface stored, by its key', async () => {
    const text = '# Plums\n\nStored by the document routes, fetched as a blob.'
    const collection = (await (
      await fetch(`${server.url}/api/collections/`, {
        method: 'POST',
        headers: { ...alice.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Blobs', description: 'Documents fetched as blobs' }),
      })
    ).json()) as { id: string }
    const form = new FormData()
    form.append('collection_id', collection.id)
    form.append('file', new Blob([text]), 'plums.md')
    const uploaded = await fetch(`${server.url}/api/documents/`, {
      method: 'POST',
      headers: alice.auth,
      body: form,
    })
    expect(uploaded.status, await uploaded.clone().text()).toBeLessThan(300)
    const bytes = new TextEncoder().encode(text)
    expect(await transfer(alice).download(await sha256Hex(bytes))).toEqual(bytes)
    await server.idle()
  })
})

describe('blob uploads across a server restart', () => {
  it(
    'resumes from the part the stopped server held',
    async () => {
      let server = await startTestServer({ accounts: true, rateLimits: NO_USER_LIMIT })
      const dataDir = server.dataDir
      try {
        const user = await signUpForTest(server.url, 'blobrestart')
        const bytes = blobOf(2500, 12)
        const key = await sha256Hex(bytes)
        const first = countingFetch()
        first.stopAfterPuts = 1
        const before = httpBlobTransfer({
          baseUrl: server.url,
          token: () => user.token,
          partBytes: 1000,
          fetch: first.fetch,
        })
        await expect(before.upload(key, bytes)).rejects.toThrow('device went offline')
        await server.close()

        server = await startTestServer({ accounts: true, rateLimits: NO_USER_LIMIT, dataDir })
        const after = countingFetch()
        const transfer = httpBlobTransfer({
          baseUrl: server.url,
          token: () => user.token,
          partBytes: 1000,
          fetch: after.fetch,
        })
        await transfer.upload(key, bytes)
        expect(after.putBytes).toBe(1500)
        expect(await transfer.download(key)).toEqual(bytes)
      } finally {
        await server.stop()
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
    scaledTimeout(60_000),
  )
})
