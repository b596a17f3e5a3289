import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawConnection } from './rawHttp'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'

// Issue 39 item 1: one spelling of a path. Before, the guard's limits compared paths
// case-sensitively while the router matched them case-insensitively, so `/API/v1/auth/login`
// guessed passwords unlimited, and `POST /API/documents/` read a whole body before its 401.

const wrongLogin = (url: string, path: string) =>
  fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'victim@example.com', password: 'not the password' }),
  })

describe('one spelling of a path, with accounts', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let user: TestUser
  beforeAll(async () => {
    server = await startTestServer({
      accounts: true,
      rateLimits: {
        login: { limit: 4, windowSeconds: 60 },
        register: { limit: 2, windowSeconds: 3600 },
        user: { limit: 0, windowSeconds: 60 },
      },
    })
    user = await signUpForTest(server.url, 'spelling') // one registration, one login
  })
  afterAll(() => server.stop())

  it('counts a login once although both the guard and the route check the limit', async () => {
    // The sign-up's login was the first of 4: three more wrong ones are allowed, the fifth is not.
    for (let i = 0; i < 3; i++) expect((await wrongLogin(server.url, '/api/v1/auth/login')).status).toBe(401)
    expect((await wrongLogin(server.url, '/api/v1/auth/login')).status).toBe(429)
  })

  it.each([
    '/api/v1/auth/login/',
    '//api/v1/auth/login',
    '/api//v1///auth/login',
    '/%61pi/v1/auth/%6C%6f%67in',
    '/api/v1/auth/log%69n?include_tokens=true',
  ])('the login limit holds on %s', async (path) => {
    const response = await wrongLogin(server.url, path)
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it.each(['/API/v1/auth/login', '/Api/v1/auth/login', '/api/V1/auth/login', '/api/v1/AUTH/LOGIN'])(
    'no other case of the login path reaches a password check: %s',
    async (path) => {
      const response = await wrongLogin(server.url, path)
      expect([401, 404]).toContain(response.status)
      expect(await response.text()).not.toMatch(/incorrect email or password/i)
    },
  )

  it('a path that spells the API in upper case is 404 at the door', async () => {
    const response = await wrongLogin(server.url, '/API/v1/auth/login')
    expect(response.status).toBe(404)
    expect((await response.json()) as unknown).toEqual({
      detail: 'No endpoint has this path: API paths are lower-case (/api/...)',
    })
  })

  it('the registration limit holds on every spelling', async () => {
    const register = (path: string, name: string) =>
      fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'a long password' }),
      })
    expect((await register('/api/v1/auth/register', 'second')).status).toBe(201)
    for (const path of ['/api/v1/auth/register', '/api/v1/auth/regist%65r', '/api//v1/auth/register/']) {
      expect((await register(path, 'third')).status).toBe(429)
    }
    for (const path of ['/API/v1/auth/register', '/api/v1/auth/Register']) {
      expect([401, 404]).toContain((await register(path, 'fourth')).status)
    }
  })

  it.each(['/API/documents/', '/Api/Documents/', '/api/DOCUMENTS/'])(
    'POST %s is refused before its body is read',
    async (path) => {
      const connection = rawConnection(server.url)
      // 30 MB declared, only the headers and a first piece sent: the answer must not wait for the rest.
      connection.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.token}\r\n` +
          'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 31457280\r\n\r\n--x\r\n',
      )
      const outcome = await connection.outcome(5000)
      connection.close()
      expect(outcome.response?.status).toBe(404)
    },
  )

  it('a . or .. segment, spelled plainly or encoded, is refused', async () => {
    // Raw, since fetch would resolve the dots itself before sending.
    for (const path of ['/api/%2e%2e/health', '/api/v1/%2E/health', '/api/v1/../health']) {
      const connection = rawConnection(server.url)
      connection.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.token}\r\n\r\n`,
      )
      const outcome = await connection.outcome(5000)
      connection.close()
      expect(outcome.response?.status).toBe(400)
    }
  })

  it.each(['/api/v1/plugin-state/STATS', '/api/v1/plugin-state/Stats', '/API/v1/plugin-state/stats'])(
    'GET %s does not answer the stats of every plugin',
    async (path) => {
      const response = await fetch(server.url + path, { headers: user.auth })
      expect(response.status).toBe(404)
    },
  )

  it('plugin state keeps answering on its own spelling, and an encoded one', async () => {
    for (const path of ['/api/v1/plugin-state/stats', '/api/v1/plugin-%73tate/stats']) {
      expect((await fetch(server.url + path, { headers: user.auth })).status).toBe(200)
    }
    const saved = await fetch(server.url + '/API/v1/plugin-state/', {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ plugin_id: 'p', state_key: 'k', state_data: {} }),
    })
    expect(saved.status).toBe(404)
  })
})

describe('one spelling of a path, without accounts', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.stop())

  it('an upload to a misspelt path is refused before its body is read', async () => {
    const connection = rawConnection(server.url)
    connection.write(
      'POST /api/Documents/ HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 31457280\r\n\r\n--x\r\n',
    )
    const outcome = await connection.outcome(5000)
    connection.close()
    expect(outcome.response?.status).toBe(404)
    expect(outcome.response?.headers.connection).toBe('close')
  })
})
