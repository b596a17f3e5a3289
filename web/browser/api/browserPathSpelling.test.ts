import { describe, expect, it } from 'vitest'
import { routes } from '../../core/api/routes'
import { ECHO_ORIGIN as ORIGIN, echoingRouter } from '../test/echoingRouter'

/**
 * Issue 39 (f): the browser host's router gives a path one spelling, as the server does
 * (sync-server/test/pathSpelling.test.ts): `/API/...` is refused 404 before anything runs, `//` and
 * percent-encoded unreserved characters reach the route their plain spelling names, routes match
 * case-sensitively. The fake worker answers which route it ran
 * and records what was forwarded to the sync server.
 */
const { forwarded, send: routed } = echoingRouter(routes)

describe('one spelling of a path in the browser host', () => {
  it('refuses the API in another case with 404 before any route or the sync server sees it', async () => {
    forwarded.length = 0
    for (const [method, path] of [
      ['POST', '/API/v1/auth/login'],
      ['POST', '/Api/v1/auth/register'],
      ['POST', '/API/documents/'],
      ['GET', '/PLUGINS/some/1.0.0/x.js'],
    ] as const) {
      const answer = await routed(method, `${ORIGIN}${path}`, method === 'POST' ? '{}' : undefined)
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 404,
        operationId: undefined,
        detail: expect.stringMatching(/API paths are lower-case/),
      })
    }
    expect(forwarded).toEqual([])
  })

  it('folds // and encoded unreserved characters to the route the plain path names', async () => {
    for (const path of [
      '/api/collections/',
      '//api//collections/',
      '/%61pi/collections/',
      '/api/%63ollections/',
      '/api/collection%73/',
      '/api/collections',
    ]) {
      expect((await routed('GET', `${ORIGIN}${path}`))?.operationId, path).toBe('listCollections')
    }
    const id = await routed('GET', `${ORIGIN}/api//collections/%61bc`)
    expect(id).toMatchObject({ operationId: 'getCollection', params: { collection_id: 'abc' } })
  })

  it('matches routes case-sensitively, as the server does: another case is the shared 404', async () => {
    const answer = await routed('GET', `${ORIGIN}/api/Collections/`)
    expect(answer).toMatchObject({
      status: 404,
      operationId: undefined,
      detail: expect.stringMatching(/No endpoint/),
    })
  })

  it('never routes a dot segment: the URL parser resolves even encoded ones before the request exists', async () => {
    // The server refuses `%2e%2e` with 400 (it reaches it as sent); a browser's Request has no such path.
    expect(new URL(`${ORIGIN}/api/collections/%2e%2e/x`).pathname).toBe('/api/x')
    expect(await routed('GET', `${ORIGIN}/api/collections/%2e%2e/x`)).toMatchObject({
      status: 404,
      operationId: undefined,
    })
  })

  it('sends the sync server its own routes in any accepted spelling, and leaves other origins alone', async () => {
    forwarded.length = 0
    expect(await routed('POST', `${ORIGIN}//api/v1/auth/%6Cogin`, '{}')).toMatchObject({ status: 299 })
    expect(forwarded).toHaveLength(1)
    expect(await routed('GET', 'http://localhost:11434/api/tags')).toBeUndefined()
    expect(await routed('GET', `${ORIGIN}/index.html`)).toBeUndefined()
    expect(await routed('GET', `${ORIGIN}/openapi.json`)).toMatchObject({ status: 200 })
  })
})
