import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpCall } from './rawHttp'
import { startTestServer } from './startTestServer'

type Server = Awaited<ReturnType<typeof startTestServer>>

const EVIL = 'https://evil.example'
const APP = 'https://app.example'

describe('a single-user server is no open door to other sites', () => {
  let quire: Server
  let port: string
  beforeAll(async () => {
    quire = await startTestServer({
      config: { trustedOrigins: [APP], allowedHosts: ['quire.lan', '.home.example'], trustProxy: true },
    })
    port = new URL(quire.url).port
  })
  afterAll(() => quire?.stop())

  it("gives another site's page no CORS answer, so it cannot read the data", async () => {
    // With no accounts, another site's request is refused outright (issue 39), not only kept from its page.
    const read = await httpCall(`${quire.url}/api/collections/`, { headers: { origin: EVIL } })
    expect(read.status).toBe(403)
    expect(read.headers['access-control-allow-origin']).toBeUndefined()

    const preflight = await httpCall(`${quire.url}/api/collections/`, {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'POST' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined()
    expect(preflight.status).toBe(403)
    expect(JSON.parse(preflight.body).detail).toMatch(/TRUSTED_ORIGINS/)
  })

  it('answers CORS for the origins in TRUSTED_ORIGINS, by name, never *', async () => {
    const read = await httpCall(`${quire.url}/api/collections/`, { headers: { origin: APP } })
    expect(read.headers['access-control-allow-origin']).toBe(APP)
    expect(read.headers.vary).toMatch(/origin/i)
    const preflight = await httpCall(`${quire.url}/api/collections/`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(APP)
  })

  it('refuses a Host that is not one of its names (DNS rebinding), on every path', async () => {
    for (const path of ['/api/collections/', '/health', '/']) {
      const rebound = await httpCall(quire.url + path, { headers: { host: `evil.example:${port}` } })
      expect(rebound.status).toBe(403)
      expect(JSON.parse(rebound.body).detail).toMatch(/evil\.example.*ALLOWED_HOSTS/)
      expect(rebound.headers['access-control-allow-origin']).toBeUndefined()
    }
    // A name that only ends like an allowed one is another name.
    const lookalike = await httpCall(`${quire.url}/health`, { headers: { host: 'notquire.lan' } })
    expect(lookalike.status).toBe(403)
  })

  it('answers its own names: local ones, addresses, HOST and ALLOWED_HOSTS, whatever the port', async () => {
    const own = [
      `localhost:${port}`,
      'LOCALHOST',
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'quire.localhost',
      'localhost.',
      // An address cannot be rebound: a page can only have that origin if it came from that address.
      '192.168.1.20:8005',
      '[fe80::1]',
      'quire.lan:443',
      'home.example',
      'nas.home.example',
    ]
    for (const host of own) {
      const answer = await httpCall(`${quire.url}/health`, { headers: { host } })
      expect({ host, status: answer.status }).toEqual({ host, status: 200 })
    }
  })

  it('states these decisions in its OpenAPI description', async () => {
    const openApi = JSON.parse((await httpCall(`${quire.url}/openapi.json`)).body) as {
      info: { description: string }
    }
    for (const setting of [
      'ALLOWED_HOSTS',
      'TRUSTED_ORIGINS',
      'TRUST_PROXY_HOPS',
      'MAX_EVENT_STREAMS_PER_USER',
    ]) {
      expect(openApi.info.description).toContain(setting)
    }
  })

  it('checks the name a trusted proxy was asked for (X-Forwarded-Host) as well', async () => {
    const rebound = await httpCall(`${quire.url}/api/collections/`, {
      headers: { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'evil.example' },
    })
    expect(rebound.status).toBe(403)
    const proxied = await httpCall(`${quire.url}/api/collections/`, {
      headers: { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'quire.lan' },
    })
    expect(proxied.status).toBe(200)
  })
})

describe('a multi-user server behind a domain keeps working without new settings', () => {
  let quire: Server
  beforeAll(async () => {
    quire = await startTestServer({ accounts: true })
  })
  afterAll(() => quire?.stop())

  it('answers any Host, and keeps Bearer-only CORS open to any origin', async () => {
    const health = await httpCall(`${quire.url}/health`, { headers: { host: 'quire.example.com' } })
    expect(health.status).toBe(200)
    const data = await httpCall(`${quire.url}/api/collections/`, {
      headers: { host: 'quire.example.com', origin: EVIL },
    })
    expect(data.status).toBe(401) // the data needs a token the foreign page does not have
    expect(data.headers['access-control-allow-origin']).toBe('*')
    expect(data.headers['access-control-allow-credentials']).toBeUndefined()
  })
})

describe('a multi-user server with ALLOWED_HOSTS', () => {
  let quire: Server
  beforeAll(async () => {
    quire = await startTestServer({ accounts: true, config: { allowedHosts: ['quire.example.com'] } })
  })
  afterAll(() => quire?.stop())

  it('refuses other names', async () => {
    expect((await httpCall(`${quire.url}/health`, { headers: { host: 'quire.example.com' } })).status).toBe(
      200,
    )
    expect((await httpCall(`${quire.url}/health`, { headers: { host: 'localhost' } })).status).toBe(200)
    const rebound = await httpCall(`${quire.url}/health`, { headers: { host: 'evil.example' } })
    expect(rebound.status).toBe(403)
  })
})
