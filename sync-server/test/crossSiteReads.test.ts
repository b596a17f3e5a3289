import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpCall } from './rawHttp'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'

// Issue 39 item 5: with no accounts, a cross-site GET (an `<img src>` on any page) made the server
// call any address through the model-host test, the model list and web search.

const CROSS_SITE: Array<Record<string, string>> = [
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  { origin: 'http://evil.example' },
]
const OLLAMA = 'http://127.0.0.1:9'

describe('a server without accounts', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.stop())

  it.each([
    ['GET', '/api/collections/'],
    ['GET', `/api/v1/modelhost/test?server_url=${OLLAMA}`],
    ['GET', `/api/v1/ollama/models?server_url=${OLLAMA}`],
    ['GET', '/api/v1/websearch/web?q=x'],
    ['GET', '/api/health'],
    ['HEAD', '/api/collections/'],
    ['POST', '/api/collections/'],
    ['DELETE', '/api/collections/x'],
  ])('refuses %s %s from another site, whatever it sends', async (method, path) => {
    for (const headers of CROSS_SITE) {
      const answer = await httpCall(server.url + path, { method, headers })
      expect(answer.status).toBe(403)
    }
  })

  it('answers its own pages and scripts', async () => {
    const own: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ]
    for (const headers of own) {
      expect((await httpCall(`${server.url}/api/collections/`, { headers })).status).toBe(200)
    }
    const origin = { origin: server.url }
    expect((await httpCall(`${server.url}/api/collections/`, { headers: origin })).status).toBe(200)
  })

  it.each([
    '/api/v1/modelhost/test',
    '/api/v1/modelhost/models',
    '/api/v1/ollama/test',
    '/api/v1/ollama/models',
  ])('POST %s reaches the model host with {server_url} in the body', async (path) => {
    const answer = await httpCall(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ server_url: OLLAMA, api_key: 'k' }),
    })
    // Nothing listens on port 9: the server tried (502), so the route exists and ran.
    expect(answer.status).toBe(502)
  })

  it('POST /api/v1/websearch/web runs the search with the query in the body', async () => {
    const answer = await httpCall(`${server.url}/api/v1/websearch/web`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: 'quire' }),
    })
    expect(answer.status).toBe(503) // no SearXNG set: the handler ran and said so
    expect(answer.body).toMatch(/SearXNG/)
  })

  it.each(['/api/v1/modelhost/test', '/api/v1/ollama/models'])(
    'refuses api_key in the query of %s, saying where to put it',
    async (path) => {
      const answer = await httpCall(`${server.url}${path}?server_url=${OLLAMA}&api_key=secret`)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatch(/X-Api-Key header/)
    },
  )
})

describe('a server with accounts', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let user: TestUser
  beforeAll(async () => {
    server = await startTestServer({ accounts: true })
    user = await signUpForTest(server.url, 'crosser')
  })
  afterAll(() => server.stop())

  it('refuses a GET that reaches another server from another site with a cookie', async () => {
    const cookie = { cookie: `access_token=${user.access_token}` }
    for (const site of CROSS_SITE) {
      const answer = await httpCall(`${server.url}/api/v1/modelhost/test?server_url=${OLLAMA}`, {
        headers: { ...cookie, ...site },
      })
      expect(answer.status).toBe(403)
      // An ordinary read with the same cookie is a navigation the cookie was made for.
      expect(
        (await httpCall(`${server.url}/api/collections/`, { headers: { ...cookie, ...site } })).status,
      ).toBe(200)
    }
  })

  it('answers a Bearer token from anywhere (no browser sends one on its own)', async () => {
    const answer = await httpCall(`${server.url}/api/v1/modelhost/test?server_url=${OLLAMA}`, {
      headers: { ...user.auth, 'sec-fetch-site': 'cross-site' },
    })
    expect(answer.status).not.toBe(403)
  })
})
