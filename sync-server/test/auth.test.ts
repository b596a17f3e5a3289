import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAccessToken } from '../src/accounts/jwtTokens'
import { loadTokenKey } from '../src/accounts/tokenKey'
import type { RateLimits } from '../src/auth/RateLimiter'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { fetchWithJson } from './fetchWithJson'

type Server = Awaited<ReturnType<typeof startTestServer>>
const OPEN_LIMITS: RateLimits = {
  login: { limit: 0, windowSeconds: 60 },
  register: { limit: 0, windowSeconds: 3600 },
  user: { limit: 0, windowSeconds: 60 },
}

/** Cookies as a browser keeps them: set by answers, sent back by name. */
function cookieJar() {
  const cookies = new Map<string, string>()
  return {
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';')
        const [name, ...value] = pair!.split('=')
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value.join('=') === '')
          cookies.delete(name!.trim())
        else cookies.set(name!.trim(), value.join('='))
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    get: (name: string) => cookies.get(name),
    set: (name: string, value: string) => cookies.set(name, value),
  }
}

function decodePayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>
}

describe('accounts over real HTTP', () => {
  let server: Server
  const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    fetchWithJson(server.url + path, init)
  beforeAll(async () => {
    server = await startTestServer({ accounts: true, rateLimits: OPEN_LIMITS })
  })
  afterAll(() => server.stop())

  it('register, login, me, refresh and logout with cookies', async () => {
    const jar = cookieJar()
    const registered = await call('/api/v1/auth/register', {
      method: 'POST',
      json: { username: 'cookie_user', email: 'Cookie@Example.com', password: 'cookie password 1' },
    })
    expect(registered.status).toBe(201)
    const user = (await registered.json()) as Record<string, unknown>
    expect(user).toMatchObject({ username: 'cookie_user', email: 'cookie@example.com', is_verified: false })
    expect(Object.keys(user).sort()).toEqual(
      ['email', 'full_name', 'id', 'is_active', 'is_verified', 'profile_picture', 'username'].sort(),
    )

    const login = await call('/api/v1/auth/login', {
      method: 'POST',
      json: { email: 'cookie@example.com', password: 'cookie password 1' },
    })
    expect(login.status).toBe(204)
    expect(await login.text()).toBe('')
    const setCookies = login.headers.getSetCookie()
    expect(setCookies.find((c) => c.startsWith('access_token='))).toMatch(
      /path=\/;.*samesite=lax;.*httponly/i,
    )
    expect(setCookies.find((c) => c.startsWith('refresh_token='))).toMatch(
      /path=\/api\/v1\/auth;.*samesite=strict;.*httponly/i,
    )
    jar.take(login)

    const me = await call('/api/v1/auth/me', { headers: { cookie: jar.header() } })
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ id: user.id, username: 'cookie_user' })
    // Data routes take the cookie too.
    const created = await call('/api/collections/', {
      method: 'POST',
      headers: { cookie: jar.header() },
      json: { name: 'Mine', description: 'by cookie' },
    })
    expect(created.status).toBe(201)

    const oldRefresh = jar.get('refresh_token')!
    const refreshed = await call('/api/v1/auth/refresh', {
      method: 'POST',
      headers: { cookie: jar.header() },
    })
    expect(refreshed.status).toBe(204)
    jar.take(refreshed)
    expect(jar.get('refresh_token')).not.toBe(oldRefresh)
    expect((await call('/api/v1/auth/me', { headers: { cookie: jar.header() } })).status).toBe(200)

    const logout = await call('/api/v1/auth/logout', { method: 'POST', headers: { cookie: jar.header() } })
    expect(logout.status).toBe(204)
    const stale = jar.header()
    jar.take(logout)
    expect(jar.get('access_token')).toBeUndefined()
    // The cookies a thief copied before the logout no longer work either.
    expect((await call('/api/v1/auth/me', { headers: { cookie: stale } })).status).toBe(401)
    const again = await call('/api/v1/auth/refresh', { method: 'POST', headers: { cookie: stale } })
    expect(again.status).toBe(401)
  })

  // Issue 39: registration said which emails have accounts (409 'Email already registered').
  it('answers registration with an existing email exactly as with a new one, and stores nothing', async () => {
    const register = async (username: string, email: string) => {
      const answer = await call('/api/v1/auth/register', {
        method: 'POST',
        json: { username, email, password: 'probe password 1' },
      })
      const body = (await answer.json()) as Record<string, unknown>
      const headers = [...answer.headers.keys()].filter(
        (name) => name !== 'date' && name !== 'content-length',
      )
      return { status: answer.status, headers, body }
    }
    await signUpForTest(server.url, 'known_person')
    const existing = await register('probe_one', 'Known_Person@example.com')
    const fresh = await register('probe_two', 'nobody_here@example.com')
    expect(existing.status).toBe(201)
    expect(existing.headers).toEqual(fresh.headers)
    expect(Object.keys(existing.body)).toEqual(Object.keys(fresh.body))
    expect(existing.body).toEqual({
      ...fresh.body,
      id: existing.body.id,
      username: 'probe_one',
      email: 'known_person@example.com',
    })
    // Nothing was made: the probe's password does not sign in, the owner's still does.
    const login = (password: string) =>
      call('/api/v1/auth/login?include_tokens=true', {
        method: 'POST',
        json: { email: 'known_person@example.com', password },
      })
    expect((await login('probe password 1')).status).toBe(401)
    expect((await login('known_person has a long password')).status).toBe(200)
    // A taken username is 409 whichever email comes with it.
    expect((await register('known_person', 'other@example.com')).status).toBe(409)
    expect((await register('known_person', 'known_person@example.com')).status).toBe(409)
  })

  it('asks for a user everywhere but register, login, refresh, logout and health', async () => {
    const anonymous = await call('/api/collections/')
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer')
    expect(await anonymous.json()).toEqual({ detail: expect.stringMatching(/Not authenticated/) })
    expect((await call('/api/v1/jobs')).status).toBe(401)
    expect((await call('/api/v1/auth/me')).status).toBe(401)
    expect((await call('/api/v1/no-such-route')).status).toBe(401)
    expect((await call('/health')).status).toBe(200)
    expect((await call('/api/health')).status).toBe(200)
    const openApi = (await (await call('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>
      components: { securitySchemes: Record<string, unknown> }
    }
    expect(Object.keys(openApi.components.securitySchemes)).toEqual(['bearer', 'cookie'])
    expect(openApi.paths['/api/v1/auth/login']!.post!.security).toEqual([])
    expect(openApi.paths['/api/v1/jobs']!.post!.security).toBeUndefined()
  })

  it('works with a Bearer access token and with a personal access token', async () => {
    const user = await signUpForTest(server.url, 'bearer_user')
    for (const token of [user.access_token, user.token]) {
      const me = await call('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } })
      expect(me.status).toBe(200)
      expect(await me.json()).toMatchObject({ id: user.id })
      const created = await call('/api/collections/', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        json: { name: 'Scripted', description: 'made by a script' },
      })
      expect(created.status).toBe(201)
    }
    const listed = await call('/api/collections/', { headers: user.auth })
    expect(((await listed.json()) as unknown[]).length).toBe(2)
  })

  it('refuses tampered, expired, alg none, wrong-key and wrong-kind tokens with 401', async () => {
    const user = await signUpForTest(server.url, 'forger')
    const claims = decodePayload(user.access_token) as { sub: string; sid: string }
    const [header, payload, signature] = user.access_token.split('.') as [string, string, string]
    const key = loadTokenKey(server.dataDir)
    const otherUser = await signUpForTest(server.url, 'victim')
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decodePayload(user.access_token), sub: otherUser.id }),
    ).toString('base64url')
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1)
    const bad = {
      'tampered signature': `${header}.${payload}.${flipped}`,
      'tampered payload': `${header}.${forgedPayload}.${signature}`,
      expired: signAccessToken(key, claims, { nowMs: Date.now() - 3_600_000, ttlSeconds: 900 }),
      'alg none': `${none}.${payload}.`,
      'alg none, another user': `${none}.${forgedPayload}.`,
      'wrong key': signAccessToken(randomBytes(48), claims, { nowMs: Date.now(), ttlSeconds: 900 }),
      'refresh token as access': user.refresh_token,
      'unknown personal token': `qpat_${randomBytes(32).toString('base64url')}`,
      garbage: 'not-a-token',
    }
    // The honest token, signed by the server's key, passes: the forgeries fail for what they are.
    const honest = signAccessToken(key, claims, { nowMs: Date.now(), ttlSeconds: 900 })
    expect((await call('/api/v1/auth/me', { headers: { authorization: `Bearer ${honest}` } })).status).toBe(
      200,
    )
    for (const [what, token] of Object.entries(bad)) {
      const viaBearer = await call('/api/collections/', { headers: { authorization: `Bearer ${token}` } })
      expect(viaBearer.status, what).toBe(401)
      const viaCookie = await call('/api/collections/', { headers: { cookie: `access_token=${token}` } })
      expect(viaCookie.status, `${what} (cookie)`).toBe(401)
    }
  })

  it('a reused refresh token revokes its whole family', async () => {
    const user = await signUpForTest(server.url, 'reuser')
    const refresh = (token: string) =>
      call('/api/v1/auth/refresh', { method: 'POST', json: { refresh_token: token } })
    const first = await refresh(user.refresh_token)
    expect(first.status).toBe(200)
    const rotated = (await first.json()) as {
      access_token: string
      refresh_token: string
      token_type: string
    }
    expect(rotated.token_type).toBe('bearer')
    expect(rotated.refresh_token).not.toBe(user.refresh_token)
    const bearer = { authorization: `Bearer ${rotated.access_token}` }
    expect((await call('/api/v1/auth/me', { headers: bearer })).status).toBe(200)

    const reused = await refresh(user.refresh_token)
    expect(reused.status).toBe(401)
    expect(await reused.json()).toEqual({ detail: expect.stringMatching(/reuse/i) })
    // Everything of that session is gone: the newest refresh token and its access token.
    expect((await refresh(rotated.refresh_token)).status).toBe(401)
    expect((await call('/api/v1/auth/me', { headers: bearer })).status).toBe(401)
    // Another session (the personal token) is not part of that family.
    expect((await call('/api/v1/auth/me', { headers: user.auth })).status).toBe(200)
  })

  it('changes the username and the password; a password change signs out other sessions', async () => {
    const user = await signUpForTest(server.url, 'changer')
    await signUpForTest(server.url, 'taken_name')
    const put = (path: string, json: unknown, token: string) =>
      call(path, { method: 'PUT', json, headers: { authorization: `Bearer ${token}` } })
    expect(
      (await put('/api/v1/auth/profile/username', { username: 'taken_name' }, user.access_token)).status,
    ).toBe(409)
    const renamed = await put('/api/v1/auth/profile/username', { username: 'changed' }, user.access_token)
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toMatchObject({ username: 'changed' })
    const invalid = await put('/api/v1/auth/profile/username', { username: 7 }, user.access_token)
    expect(invalid.status).toBe(422)
    expect(await invalid.json()).toEqual({ detail: [expect.objectContaining({ loc: ['body', 'username'] })] })

    const other = (await (
      await call('/api/v1/auth/login?include_tokens=true', {
        method: 'POST',
        json: { email: user.email, password: user.password },
      })
    ).json()) as { access_token: string }
    const wrong = await put(
      '/api/v1/auth/profile/password',
      { current_password: 'not it at all', new_password: 'a brand new password' },
      user.access_token,
    )
    expect(wrong.status).toBe(400)
    const changed = await put(
      '/api/v1/auth/profile/password',
      { current_password: user.password, new_password: 'a brand new password' },
      user.access_token,
    )
    expect(changed.status).toBe(204)
    expect(
      (await call('/api/v1/auth/me', { headers: { authorization: `Bearer ${user.access_token}` } })).status,
    ).toBe(200)
    expect(
      (await call('/api/v1/auth/me', { headers: { authorization: `Bearer ${other.access_token}` } })).status,
    ).toBe(401)
    const login = (password: string) =>
      call('/api/v1/auth/login?include_tokens=true', {
        method: 'POST',
        json: { email: user.email, password },
      })
    expect((await login(user.password)).status).toBe(401)
    expect((await login('a brand new password')).status).toBe(200)
  })

  it('personal access tokens are shown once, listed without the secret, and revocable', async () => {
    const user = await signUpForTest(server.url, 'scripter')
    const bearer = { authorization: `Bearer ${user.access_token}` }
    const created = await call('/api/v1/auth/tokens', {
      method: 'POST',
      headers: bearer,
      json: { name: 'nightly', expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    })
    expect(created.status).toBe(201)
    const token = (await created.json()) as { id: string; token: string; prefix: string }
    expect(token.token).toMatch(/^qpat_/)
    const listed = await (await call('/api/v1/auth/tokens', { headers: bearer })).text()
    expect(listed).not.toContain(token.token)
    expect(JSON.parse(listed)).toHaveLength(2)
    const past = await call('/api/v1/auth/tokens', {
      method: 'POST',
      headers: bearer,
      json: { name: 'stale', expires_at: '2001-01-01T00:00:00Z' },
    })
    expect(past.status).toBe(422)
    expect(
      (await call('/api/v1/auth/me', { headers: { authorization: `Bearer ${token.token}` } })).status,
    ).toBe(200)
    expect(
      (await call(`/api/v1/auth/tokens/${token.id}`, { method: 'DELETE', headers: bearer })).status,
    ).toBe(204)
    expect(
      (await call('/api/v1/auth/me', { headers: { authorization: `Bearer ${token.token}` } })).status,
    ).toBe(401)
    expect(
      (await call(`/api/v1/auth/tokens/${token.id}`, { method: 'DELETE', headers: bearer })).status,
    ).toBe(404)
  })

  it('refuses a cookie-authenticated unsafe request sent by another site', async () => {
    const user = await signUpForTest(server.url, 'csrf_target')
    const jar = cookieJar()
    jar.take(
      await call('/api/v1/auth/login', {
        method: 'POST',
        json: { email: user.email, password: user.password },
      }),
    )
    const post = (headers: Record<string, string>) =>
      call('/api/collections/', {
        method: 'POST',
        headers,
        json: { name: 'Forged', description: 'not by the user' },
      })
    const crossSite = await post({ cookie: jar.header(), 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    expect(await crossSite.json()).toEqual({ detail: expect.stringMatching(/Cross-site/) })
    expect((await post({ cookie: jar.header(), 'sec-fetch-site': 'same-site' })).status).toBe(403)
    expect((await post({ cookie: jar.header(), origin: 'https://evil.example' })).status).toBe(403)
    const deleted = await call('/api/v1/auth/logout', {
      method: 'POST',
      headers: { cookie: jar.header(), 'sec-fetch-site': 'cross-site' },
    })
    expect(deleted.status).toBe(403)
    // Nothing was created by the forged requests; the app's own page and scripts still work.
    expect(await (await call('/api/collections/', { headers: { cookie: jar.header() } })).json()).toEqual([])
    expect(
      (await post({ cookie: jar.header(), 'sec-fetch-site': 'same-origin', origin: server.url })).status,
    ).toBe(201)
    expect((await post({ ...user.auth, 'sec-fetch-site': 'cross-site' })).status).toBe(201)
    // Signing a browser in from another site is refused too; the token answer (no cookies) is not.
    const json = { email: user.email, password: user.password }
    const forgedLogin = await call('/api/v1/auth/login', {
      method: 'POST',
      json,
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(forgedLogin.status).toBe(403)
    expect(forgedLogin.headers.getSetCookie()).toEqual([])
    const tokenLogin = await call('/api/v1/auth/login?include_tokens=true', {
      method: 'POST',
      json,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://app.example' },
    })
    expect(tokenLogin.status).toBe(200)
    expect(tokenLogin.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('answers CORS preflights for Bearer clients on other origins, without credentials', async () => {
    const preflight = await call('/api/collections/', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/)
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull()
  })
})

describe('rate limits', () => {
  const servers: Server[] = []
  afterAll(async () => {
    for (const server of servers) await server.stop()
  })

  it('stops login brute force with 429 and Retry-After', async () => {
    const server = await startTestServer({ accounts: true })
    servers.push(server)
    const user = await signUpForTest(server.url, 'bruted')
    // signUpForTest logged in once: nine more attempts are allowed this minute.
    const attempt = (password: string) =>
      fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password }),
      })
    for (let i = 0; i < 9; i++) expect((await attempt(`guess number ${i}`)).status).toBe(401)
    const limited = await attempt('guess number 10')
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await limited.json()).toEqual({ detail: expect.stringMatching(/Too many login attempts/) })
    // Even the right password waits: the limit is not a hint about which guess was right.
    expect((await attempt(user.password)).status).toBe(429)
    // Signed-in traffic is limited separately and still flows.
    expect((await fetch(`${server.url}/api/v1/auth/me`, { headers: user.auth })).status).toBe(200)
  })

  it('limits registrations per IP and requests per user, each user on their own', async () => {
    const server = await startTestServer({
      accounts: true,
      rateLimits: {
        login: { limit: 10, windowSeconds: 60 },
        register: { limit: 2, windowSeconds: 3600 },
        user: { limit: 6, windowSeconds: 60 },
      },
    })
    servers.push(server)
    // Each sign-up spends one request of its user's allowance (creating the personal token).
    const first = await signUpForTest(server.url, 'first')
    const second = await signUpForTest(server.url, 'second')
    const third = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'third', email: 'third@example.com', password: 'third password' }),
    })
    expect(third.status).toBe(429)
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(60)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push((await fetch(`${server.url}/api/collections/`, { headers: first.auth })).status)
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses[5]).toBe(429)
    expect((await fetch(`${server.url}/api/collections/`, { headers: second.auth })).status).toBe(200)
  })
})

describe('a single-user server (QUIRE_SINGLE_USER=1)', () => {
  let server: Server
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.stop())

  it('needs no credentials, answers me with the local user, and has no accounts', async () => {
    expect((await fetch(`${server.url}/api/collections/`)).status).toBe(200)
    const me = (await (await fetch(`${server.url}/api/v1/auth/me`)).json()) as { username: string }
    expect(me.username).toBe('local')
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'whatever it is' }),
    })
    expect(login.status).toBe(404)
    expect(await login.json()).toEqual({ detail: expect.stringMatching(/QUIRE_SINGLE_USER/) })
  })

  it('still refuses unsafe requests from another site’s page', async () => {
    const forged = await fetch(`${server.url}/api/collections/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ name: 'Forged', description: 'not by the user' }),
    })
    expect(forged.status).toBe(403)
    expect(await (await fetch(`${server.url}/api/collections/`)).json()).toEqual([])
  })
})
