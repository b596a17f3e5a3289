import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserRoutes } from '../../web/core/api/browserRoutes'
import { serverOnlyRoutes } from '../../web/core/api/serverOnlyRoutes'
import { serverRoutes } from '../src/createApp'
import { startTestServer } from './startTestServer'

const key = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`

describe('serverOnlyRoutes', () => {
  // The browser forwards exactly these to the sync server; a server route with no browser twin that is
  // missing here would get the in-browser API's 404 on the server's own origin.
  it('lists exactly the server routes the in-browser API does not answer', () => {
    const inBrowser = new Set(browserRoutes.map(key))
    const onlyOnServer = serverRoutes.map(key).filter((route) => !inBrowser.has(route))
    expect([...serverOnlyRoutes.map(key)].sort()).toEqual(onlyOnServer.sort())
  })
})

describe('answers of the server say so', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer({ accounts: true })
  })
  afterAll(() => server.stop())

  // A page forwarding a server-only route tells the server's answer from a static host's by this
  // header, refusals included (they are thrown before any route runs).
  it('marks every API answer, refusals included, with X-Quire-Host: server', async () => {
    for (const [path, status] of [
      ['/api/v1/jobs', 401],
      ['/api/health', 200],
      ['/api/v1/no-such-route', 401],
    ] as const) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status, path).toBe(status)
      expect(response.headers.get('x-quire-host'), path).toBe('server')
    }
  })

  // A signed-out page asks its own origin for the shell (GET /) to tell a sync server from a static
  // host, whose /health would answer 404 into the console.
  it('marks its other answers too', async () => {
    const response = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } })
    expect(response.headers.get('x-quire-host')).toBe('server')
  })
})
