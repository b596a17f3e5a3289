import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trailingSlashTwin } from '../../web/core/api/trailingSlashTwin'
import { serverRoutes } from '../src/createApp'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/** An id no record has: each route answers it as it answers a missing record (or a malformed id). */
const MISSING_ID = '00000000-0000-4000-8000-000000000001'

interface Answer {
  status: number
  /** `detail` of an error, else the answer's shape (keys of an object, `array` for a list). */
  shape: unknown
}

/**
 * Sends one request as the route's handler would get it from a script: a JSON `{}` body where the
 * method takes one (most routes refuse it, naming what is missing, which shows their handler ran).
 * An event stream is not read past its headers.
 */
async function answer(url: string, method: string, auth: Record<string, string>): Promise<Answer> {
  const withBody = method === 'post' || method === 'put' || method === 'patch'
  const abort = new AbortController()
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers: { ...auth, ...(withBody ? { 'content-type': 'application/json' } : {}) },
    body: withBody ? '{}' : undefined,
    signal: abort.signal,
  })
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) {
    abort.abort()
    return { status: response.status, shape: type.split(';')[0] }
  }
  const body = (await response.json()) as unknown
  if (response.status >= 400) return { status: response.status, shape: (body as { detail?: unknown }).detail }
  return {
    status: response.status,
    shape: Array.isArray(body) ? 'array' : Object.keys(body as object).sort(),
  }
}

// Scripts written for BrainDrive's FastAPI service call `/api/collections` and `/api/search_u`, which
// FastAPI redirects to the slash form; every route here answers its twin with the same handler.
describe('every route answers its trailing-slash twin as it answers its own path', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let user: TestUser
  beforeAll(async () => {
    server = await startTestServer({
      accounts: true,
      rateLimits: {
        login: { limit: 100, windowSeconds: 60 },
        register: { limit: 100, windowSeconds: 60 },
        user: { limit: 0, windowSeconds: 60 },
      },
    })
    user = await signUpForTest(server.url, 'twin')
  })
  afterAll(() => server.stop())

  const table = [
    ...serverRoutes.map((route) => ({ method: route.method, path: route.path })),
    { method: 'get', path: '/openapi.json' },
  ]

  it('walks the server’s whole table (shared document-chat and platform routes and its own)', () => {
    const paths = new Set(table.map((route) => route.path))
    for (const path of ['/api/collections/', '/api/search_u/', '/api/v1/personas', '/api/v1/auth/tokens'])
      expect(paths.has(path), path).toBe(true)
    // No twin is another route's written path (it would answer for that route).
    const written = new Set(table.map((route) => `${route.method} ${route.path}`))
    const clashes = table.filter((route) => {
      const twin = trailingSlashTwin(route.path)
      return twin !== undefined && written.has(`${route.method} ${twin}`)
    })
    expect(clashes).toEqual([])
  })

  it(
    'answers each twin with the same status and body as the written path',
    { timeout: scaledTimeout(120_000) },
    async () => {
      const differences: string[] = []
      let walked = 0
      for (const route of table) {
        const twin = trailingSlashTwin(route.path)
        if (twin === undefined) continue
        const fill = (path: string) => path.replace(/:[A-Za-z_]\w*/g, MISSING_ID)
        const written = await answer(server.url + fill(route.path), route.method, user.auth)
        const other = await answer(server.url + fill(twin), route.method, user.auth)
        walked++
        const label = `${route.method.toUpperCase()} ${route.path}`
        if (typeof written.shape === 'string' && written.shape.startsWith('No endpoint'))
          differences.push(`${label}: no endpoint at the written path`)
        if (JSON.stringify(written) !== JSON.stringify(other))
          differences.push(`${label}: ${JSON.stringify(written)} but its twin ${JSON.stringify(other)}`)
      }
      expect(differences).toEqual([])
      expect(walked).toBeGreaterThan(100)
    },
  )

  it('creates a collection at POST /api/collections and searches at /api/search_u, as FastAPI scripts do', async () => {
    const created = await fetch(`${server.url}/api/collections`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'No slash', description: 'from a script' }),
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const got = await fetch(`${server.url}/api/collections/${id}/`, { headers: user.auth })
    expect(((await got.json()) as { name: string }).name).toBe('No slash')
    const search = await fetch(`${server.url}/api/search_u`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'anything', collection_id: id }),
    })
    expect(search.status).toBe(200)
  })
})
