import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawConnection } from './rawHttp'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

type Server = Awaited<ReturnType<typeof startTestServer>>

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a request body that stops arriving', () => {
  let quire: Server
  const lines: string[] = []
  beforeAll(async () => {
    quire = await startTestServer({ lines, config: { bodyIdleTimeoutMs: 1000 } })
  })

  /** The request log's line comes once the request's middleware is done: nothing is left waiting. */
  const ended = async (method: string, path: string) => {
    const deadline = Date.now() + scaledTimeout(5000)
    const logged = () => lines.some((line) => line.includes(` ${method} ${path} `))
    while (!logged() && Date.now() < deadline) await sleep(20)
    return logged()
  }
  afterAll(() => quire?.stop())

  it('is cut off with 408 once nothing came for BODY_IDLE_TIMEOUT_S', async () => {
    const connection = rawConnection(quire.url)
    connection.write(
      'POST /api/collections/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"name": "Sta',
    )
    // Far longer than the idle limit: the server must not wait for the other 87 bytes.
    const { response } = await connection.outcome(8000)
    expect(response?.status).toBe(408)
    expect(JSON.parse(response!.body).detail).toMatch(/stopped arriving/)
    expect(await connection.closedWithin(2000)).toBe(true)
    expect(await ended('POST', '/api/collections/')).toBe(true)
  })

  it('is cut off in the middle of an upload, and its temporary file removed', async () => {
    const boundary = 'stall-boundary'
    const connection = rawConnection(quire.url)
    connection.write(
      `POST /api/documents/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${10 * 1024 * 1024}\r\n\r\n--${boundary}\r\n` +
        'Content-Disposition: form-data; name="file"; filename="slow.md"\r\nContent-Type: text/markdown\r\n\r\n' +
        'x'.repeat(64 * 1024),
    )
    const { response } = await connection.outcome(8000)
    expect(response?.status).toBe(408)
    expect(await connection.closedWithin(2000)).toBe(true)
    expect(await ended('POST', '/api/documents/')).toBe(true)
    const deadline = Date.now() + scaledTimeout(5000)
    while (readdirSync(quire.uploadDir).length > 0 && Date.now() < deadline) await sleep(20)
    expect(readdirSync(quire.uploadDir)).toEqual([])
  })

  it('is never cut off while it keeps coming, however long it takes in all', async () => {
    const body = JSON.stringify({ name: 'Slow and steady', description: 'x'.repeat(200) })
    const connection = rawConnection(quire.url)
    connection.write(
      'POST /api/collections/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    )
    // About 2.5 s in all, more than twice the idle limit, a piece every 100 ms.
    for (let at = 0; at < body.length; at += 10) {
      connection.write(body.slice(at, at + 10))
      await sleep(100)
    }
    const { response } = await connection.outcome(8000)
    expect(response?.status).toBe(201)
  })
})

describe('open event streams per person', () => {
  let quire: Server
  let ada: TestUser
  let bob: TestUser
  const open: AbortController[] = []
  beforeAll(async () => {
    quire = await startTestServer({
      accounts: true,
      config: { maxEventStreamsPerUser: 2 },
      jobHandlers: { test_later: async () => ({}) },
    })
    ada = await signUpForTest(quire.url, 'stream_ada')
    bob = await signUpForTest(quire.url, 'stream_bob')
  })
  afterAll(async () => {
    for (const controller of open) controller.abort()
    await quire?.stop()
  })

  /** Opens a stream and reads its first bytes (the stream is then surely open on the server). */
  const openStream = async (user: TestUser, path = '/api/v1/sync/events', init: RequestInit = {}) => {
    const controller = new AbortController()
    const response = await fetch(quire.url + path, {
      ...init,
      headers: { ...user.auth, ...init.headers },
      signal: controller.signal,
    })
    if (response.status === 200) {
      const reader = response.body!.getReader()
      await reader.read()
      open.push(controller)
    }
    return { response, close: () => controller.abort() }
  }

  it('answers 429 with Retry-After over the cap, counting every kind of stream', async () => {
    const created = await fetch(`${quire.url}/api/v1/jobs`, {
      method: 'POST',
      headers: { ...ada.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ job_type: 'test_later', scheduled_for: '2999-01-01T00:00:00Z' }),
    })
    expect(created.status).toBe(201)
    const job = (await created.json()) as { id: string }
    const first = await openStream(ada)
    const second = await openStream(ada, `/api/v1/jobs/${job.id}/events/stream`)
    expect([first.response.status, second.response.status]).toEqual([200, 200])

    const third = await openStream(ada)
    expect(third.response.status).toBe(429)
    expect(third.response.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(((await third.response.json()) as { detail: string }).detail).toMatch(
      /2 event streams open.*close one/,
    )
    // Streamed answers count too, refused before any work starts; a reply that does not stream is no stream.
    const post = (path: string, body: unknown) =>
      fetch(quire.url + path, {
        method: 'POST',
        headers: { ...ada.auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const session = '00000000-0000-4000-8000-000000000000'
    expect((await post('/api/chat/stream', { session_id: session, message: 'Hello?' })).status).toBe(429)
    const reply = `/api/v1/conversations/${session}/reply`
    expect((await post(reply, { stream: true })).status).toBe(429)
    expect((await post(reply, {})).status).toBe(404)
    // Someone else's streams are their own.
    expect((await openStream(bob)).response.status).toBe(200)
  })

  it('frees a slot when a stream closes', async () => {
    const busy = await openStream(ada)
    expect(busy.response.status).toBe(429)
    open.shift()?.abort() // ada's first stream
    const deadline = Date.now() + scaledTimeout(5000)
    let again = await openStream(ada)
    while (again.response.status === 429 && Date.now() < deadline) {
      await sleep(50)
      again = await openStream(ada)
    }
    expect(again.response.status).toBe(200)
  })
})
