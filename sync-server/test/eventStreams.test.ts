import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverRoutes } from '../src/createApp'
import { EVENT_STREAMS } from '../src/eventStreams'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'

// Issue 39 item 4: the model installs' event streams were not counted by the per-person cap (40
// held open beside the 16 allowed), and open streams kept delivering after logout or a password change.

describe('the event stream cap knows every stream', () => {
  it('names every route that documents a text/event-stream answer', () => {
    const streaming = serverRoutes.filter((route) =>
      JSON.stringify([route.description, route.responses]).includes('event-stream'),
    )
    expect(streaming.length).toBeGreaterThanOrEqual(8)
    for (const route of streaming)
      expect(Object.keys(EVENT_STREAMS), route.operationId).toContain(route.operationId)
  })
})

/** Opens an event stream and answers its response once the headers are in (the body stays open). */
async function open(url: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { headers: { ...headers, accept: 'text/event-stream' } })
}

/** Whether the stream's body ends (or breaks off) within `ms`. */
async function endsWithin(response: Response, ms: number): Promise<boolean> {
  const reader = response.body!.getReader()
  const deadline = Date.now() + ms
  for (;;) {
    const left = deadline - Date.now()
    if (left <= 0) return false
    const read = await Promise.race([
      reader.read().catch(() => ({ done: true as const })),
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), left)),
    ])
    if (read === 'waiting') {
      void reader.cancel().catch(() => undefined)
      return false
    }
    if (read.done) return true
  }
}

describe('streams over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let user: TestUser
  beforeAll(async () => {
    server = await startTestServer({
      accounts: true,
      config: { maxEventStreamsPerUser: 2, streamSignOutCheckMs: 100 },
    })
    user = await signUpForTest(server.url, 'streamer')
  })
  afterAll(() => server.stop())

  it.each(['/api/v1/modelhost/install/some-task/events', '/api/v1/ollama/install/some-task/events'])(
    'counts %s against the cap',
    async (path) => {
      const held = [
        await open(`${server.url}/api/v1/sync/events`, user.auth),
        await open(`${server.url}/api/v1/sync/events`, user.auth),
      ]
      expect(held.map((response) => response.status)).toEqual([200, 200])
      const over = await fetch(server.url + path, { headers: user.auth })
      expect(over.status).toBe(429)
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/)
      for (const response of held) await response.body?.cancel()
      await new Promise((resolve) => setTimeout(resolve, 200))
    },
  )

  it('ends a stream when its session signs out', async () => {
    const login = await fetch(`${server.url}/api/v1/auth/login?include_tokens=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    const { access_token } = (await login.json()) as { access_token: string }
    const bearer = { authorization: `Bearer ${access_token}` }
    const stream = await open(`${server.url}/api/v1/sync/events`, bearer)
    expect(stream.status).toBe(200)
    const signOut = await fetch(`${server.url}/api/v1/auth/logout`, { method: 'POST', headers: bearer })
    expect(signOut.status).toBe(204)
    expect(await endsWithin(stream, 3000)).toBe(true)
  })

  it('ends the streams of other sessions when the password changes, and of a deleted token', async () => {
    const other = await open(`${server.url}/api/v1/sync/events`, {
      authorization: `Bearer ${user.access_token}`,
    })
    const kept = await open(`${server.url}/api/v1/sync/events`, user.auth)
    expect([other.status, kept.status]).toEqual([200, 200])
    const login = await fetch(`${server.url}/api/v1/auth/login?include_tokens=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    const { access_token } = (await login.json()) as { access_token: string }
    const changed = await fetch(`${server.url}/api/v1/auth/profile/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ current_password: user.password, new_password: 'a brand new password' }),
    })
    expect(changed.status).toBe(204)
    // The other session's stream, and the personal token's (the change deletes tokens too).
    expect(await endsWithin(other, 3000)).toBe(true)
    expect(await endsWithin(kept, 3000)).toBe(true)
  })
})
