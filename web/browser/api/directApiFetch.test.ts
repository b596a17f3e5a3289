import type { Remote } from 'comlink'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { compileRouteMatcher } from '../../core/api/compileRouteMatcher'
import type { ApiWorkerApi, WorkerRequest } from './ApiWorkerApi'
import { directApiFetch } from './directApiFetch'

const ORIGIN = 'http://app.test'
const routes = [
  { method: 'get' as const, path: '/api/health' },
  { method: 'post' as const, path: '/api/collections/' },
  { method: 'post' as const, path: '/api/chat/stream' },
]

function setUp() {
  const invoked: WorkerRequest[] = []
  const api = {
    invoke: async (request: WorkerRequest) => {
      invoked.push(request)
      if (request.route === 2) {
        const stream = new ReadableStream<Uint8Array>({
          pull: () => new Promise(() => undefined), // never ends: only an abort stops it
          cancel: () => void cancelled.push(true),
        })
        return { status: 200, stream }
      }
      return { status: request.route === 1 ? 201 : 200, body: { route: request.route } }
    },
  } as unknown as Remote<ApiWorkerApi>
  const cancelled: boolean[] = []
  const next = vi.fn(async () => new Response('from the service worker'))
  const fetchDirect = directApiFetch(api, compileRouteMatcher(routes), next)
  return { fetchDirect, invoked, next, cancelled }
}

describe('directApiFetch', () => {
  beforeAll(() => vi.stubGlobal('location', new URL(`${ORIGIN}/collections`)))
  afterAll(() => vi.unstubAllGlobals())

  it('answers a matched request from the API worker, body and query included', async () => {
    const { fetchDirect, invoked, next } = setUp()
    const response = await fetchDirect('/api/collections?x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'A' }),
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('x-quire-host')).toBe('browser')
    expect(await response.json()).toEqual({ route: 1 })
    expect(invoked[0]).toMatchObject({ route: 1, query: { x: '1' }, bodyText: '{"name":"A"}' })
    expect(next).not.toHaveBeenCalled()
  })

  it('leaves to the service worker what it does not match, another origin, and marked requests', async () => {
    const { fetchDirect, invoked, next } = setUp()
    await fetchDirect('/api/nothing-here')
    await fetchDirect('/api/health', { method: 'DELETE' })
    await fetchDirect('http://elsewhere.test/api/health')
    await fetchDirect('/api/health', { headers: { 'x-quire-via': 'plugin' } })
    await fetchDirect('/api/health', { headers: { accept: 'msw/passthrough' } })
    expect(invoked).toHaveLength(0)
    expect(next).toHaveBeenCalledTimes(5)
  })

  it('rejects with the abort and cancels a stream when the request is aborted', async () => {
    const { fetchDirect, cancelled } = setUp()
    const aborted = new AbortController()
    aborted.abort()
    await expect(fetchDirect('/api/health', { signal: aborted.signal })).rejects.toThrow()
    const controller = new AbortController()
    const response = await fetchDirect('/api/chat/stream', {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    })
    const reading = response.body!.getReader().read()
    controller.abort()
    await expect(reading).rejects.toThrow()
    expect(cancelled).toEqual([true])
  })
})
