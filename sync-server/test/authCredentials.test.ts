import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RateLimits } from '../src/auth/RateLimiter'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { fetchWithJson } from './fetchWithJson'

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
  const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    fetchWithJson(server.url + path, init)
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

  it('a read-only token may GET and HEAD, nothing else; tokens show their scope', async () => {
    const user = await signUpForTest(server.url, 'reader')
    const created = await call('/api/v1/auth/tokens', {
      method: 'POST',
      headers: bearer(user.access_token),
      json: { name: 'dashboard', scope: 'read' },
    })
    expect(created.status).toBe(201)
    const reader = (await created.json()) as { token: string; scope: string }
    expect(reader.scope).toBe('read')
    expect((await call('/api/collections/', { headers: bearer(reader.token) })).status).toBe(200)
    expect((await call('/api/collections/', { method: 'HEAD', headers: bearer(reader.token) })).status).toBe(
      200,
    )
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const refused = await call('/api/collections/', {
        method,
        headers: bearer(reader.token),
        json: { name: 'Not allowed', description: 'by a read-only token' },
      })
      expect(refused.status, method).toBe(403)
      expect(((await refused.json()) as { detail: string }).detail).toBe(
        `This personal access token is read-only: it may make GET and HEAD requests, not ${method}`,
      )
    }
    expect(await (await call('/api/collections/', { headers: bearer(reader.token) })).json()).toEqual([])
    // A token made without a scope is full, as every token made before scopes existed.
    const listed = (await (
      await call('/api/v1/auth/tokens', { headers: bearer(user.access_token) })
    ).json()) as {
      name: string
      scope: string
    }[]
    expect(listed.map(({ name, scope }) => [name, scope])).toEqual([
      ['dashboard', 'read'],
      ["reader's script", 'full'],
    ])
    const bad = await call('/api/v1/auth/tokens', {
      method: 'POST',
      headers: bearer(user.access_token),
      json: { name: 'x', scope: 'admin' },
    })
    expect(bad.status).toBe(422)
  })

  it('a personal access token cannot make personal access tokens', async () => {
    const user = await signUpForTest(server.url, 'minter')
    const minted = await call('/api/v1/auth/tokens', {
      method: 'POST',
      headers: user.auth,
      json: { name: 'successor' },
    })
    expect(minted.status).toBe(403)
    expect(((await minted.json()) as { detail: string }).detail).toMatch(/cannot make personal access tokens/)
    const listed = (await (await call('/api/v1/auth/tokens', { headers: user.auth })).json()) as unknown[]
    expect(listed).toHaveLength(1)
  })

  it('a password change revokes personal access tokens, unless told to keep them', async () => {
    const user = await signUpForTest(server.url, 'rotator')
    const change = (current: string, next: string, extra: Record<string, unknown> = {}) =>
      call('/api/v1/auth/profile/password', {
        method: 'PUT',
        headers: bearer(user.access_token),
        json: { current_password: current, new_password: next, ...extra },
      })
    const kept = await change(user.password, 'a second long password', { revoke_tokens: false })
    expect(kept.status).toBe(204)
    expect((await call('/api/v1/auth/me', { headers: user.auth })).status).toBe(200)
    const revoked = await change('a second long password', 'a third long password')
    expect(revoked.status).toBe(204)
    expect((await call('/api/v1/auth/me', { headers: user.auth })).status).toBe(401)
    const left = await call('/api/v1/auth/tokens', { headers: bearer(user.access_token) })
    expect(await left.json()).toEqual([])
  })
})
