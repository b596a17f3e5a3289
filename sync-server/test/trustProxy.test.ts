import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RateLimits } from '../src/auth/RateLimiter'
import { startTestServer } from './startTestServer'

type Server = Awaited<ReturnType<typeof startTestServer>>

const LIMITS: RateLimits = {
  login: { limit: 3, windowSeconds: 60 },
  register: { limit: 0, windowSeconds: 3600 },
  user: { limit: 0, windowSeconds: 60 },
}

/** A login attempt as a reverse proxy forwards it: X-Forwarded-For as the proxies left it. */
async function login(server: Server, forwardedFor: string): Promise<number> {
  const response = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'not a password' }),
  })
  await response.arrayBuffer()
  return response.status
}

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let server: Server
  beforeAll(async () => {
    server = await startTestServer({ accounts: true, rateLimits: LIMITS, config: { trustProxy: true } })
  })
  afterAll(() => server?.stop())

  it('counts logins by the address the proxy saw, whatever the client wrote to the left of it', async () => {
    const statuses = []
    // The client sends its own X-Forwarded-For, a new address each time; the proxy appends the real one.
    for (let attempt = 1; attempt <= 4; attempt++) {
      statuses.push(await login(server, `10.9.8.${attempt}, 203.0.113.7`))
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401])
    expect(statuses[3]).toBe(429)
    // Another client behind the same proxy has its own budget.
    expect(await login(server, '198.51.100.20')).toBe(401)
  })
})

describe('behind two trusted proxies (TRUST_PROXY_HOPS=2)', () => {
  let server: Server
  beforeAll(async () => {
    server = await startTestServer({
      accounts: true,
      rateLimits: LIMITS,
      config: { trustProxy: true, trustProxyHops: 2 },
    })
  })
  afterAll(() => server?.stop())

  it('takes the address the outer proxy saw, the second from the right', async () => {
    const statuses = []
    for (let attempt = 1; attempt <= 4; attempt++) {
      // client-written, the client as the CDN saw it, the CDN as the inner proxy saw it
      statuses.push(await login(server, `10.9.8.${attempt}, 203.0.113.9, 192.0.2.1`))
    }
    expect(statuses).toEqual([401, 401, 401, 429])
    // Another client through the same CDN is someone else.
    expect(await login(server, '203.0.113.10, 192.0.2.1')).toBe(401)
  })
})
