import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RateLimits } from '../src/auth/RateLimiter'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'

// Issue 31, items 7 and 12, over real HTTP: the refresh cookie with BrainDrive's `{}` body, and
// personal access tokens (scopes, who may mint them, what a password change does to them).

type Server = Awaited<ReturnType<typeof startTestServer>>
const OPEN_LIMITS: RateLimits = {
  login: { limit: 0, windowSeconds: 60 },
  register: { limit: 0, windowSeconds: 3600 },
  user: { limit: 0, windowSeconds: 60 },
}

/** The `name=value` pairs of an answer's Set-Cookie lines, as a Cookie header sends them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ')
}

describe('credentials over real HTTP', () => {
  let server: Server
  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init
    return fetch(server.url + path, {
      ...rest,
      headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...rest.headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    })
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  beforeAll(async () => {
    server = await startTestServer({ accounts: true, rateLimits: OPEN_LIMITS })
  })
  afterAll(() => server.stop())

  it('refreshes with the refresh cookie whatever the body: none, {}, or a null refresh_token', async () => {
    const user = await signUpForTest(server.url, 'refresher')
    const login = await call('/api/v1/auth/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    })
    let cookie = cookiesOf(login)
    for (const json of [{}, { refresh_token: null }, { refresh_token: '' }, undefined]) {
      const refreshed = await call('/api/v1/auth/refresh', { method: 'POST', headers: { cookie }, json })
      expect(refreshed.status, JSON.stringify(json)).toBe(204)
      cookie = cookiesOf(refreshed)
      expect(cookie).toMatch(/refresh_token=[^;]+/)
    }
    expect((await call('/api/v1/auth/me', { headers: { cookie } })).status).toBe(200)
    // Without a cookie, {} has nothing to refresh with.
    const none = await call('/api/v1/auth/refresh', { method: 'POST', json: {} })
    expect(none.status).toBe(401)
  })
})
