import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { holdEarlyApiRequests } from './holdEarlyApiRequests'

const ORIGIN = 'http://app.test'

/** A promise and the functions that settle it. */
function gate() {
  let resolve = () => {}
  let reject = (_error: unknown) => {}
  const promise = new Promise<void>((res, rej) => {
    resolve = () => res()
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('holdEarlyApiRequests', () => {
  let network: string[]
  beforeEach(() => {
    network = []
    vi.stubGlobal('location', new URL(`${ORIGIN}/collections`))
    vi.stubGlobal('window', {
      fetch: async (input: RequestInfo | URL) => {
        network.push(String(input))
        return new Response('network')
      },
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('sends an early request again through the direct path once the page is ready, without the service worker', async () => {
    const page = gate()
    const routed = gate()
    holdEarlyApiRequests(page.promise, routed.promise)
    const early = window.fetch('/api/health')
    await settle()
    expect(network).toEqual([])
    // What the app installs once the API worker answers: its own requests, straight to the worker.
    const next = window.fetch.bind(window)
    window.fetch = async (input, init) =>
      String(input) === '/api/health' ? new Response('worker') : next(input, init)
    page.resolve()
    expect(await (await early).text()).toBe('worker')
    expect(network).toEqual([])
  })

  it('holds what the direct path leaves until the service worker routes it; other requests never wait', async () => {
    const page = gate()
    const routed = gate()
    holdEarlyApiRequests(page.promise, routed.promise)
    const other = await window.fetch('/assets/app.js')
    const elsewhere = await window.fetch('http://elsewhere.test/api/health')
    const bypass = await window.fetch('/api/v1/jobs', { headers: { accept: 'msw/passthrough' } })
    expect([other, elsewhere, bypass].every((response) => response.ok)).toBe(true)
    expect(network).toEqual(['/assets/app.js', 'http://elsewhere.test/api/health', '/api/v1/jobs'])

    page.resolve()
    await settle()
    const unmatched = window.fetch('/api/nothing-here')
    await settle()
    expect(network).toHaveLength(3)
    routed.resolve()
    await unmatched
    expect(network.at(-1)).toBe('/api/nothing-here')
    // Routed: nothing waits any more.
    await window.fetch('/api/health')
    expect(network.at(-1)).toBe('/api/health')
  })

  it('lets requests through as they would have gone when a start fails', async () => {
    const page = gate()
    const routed = gate()
    holdEarlyApiRequests(page.promise, routed.promise)
    const early = window.fetch('/api/health')
    page.reject(new Error('no worker'))
    routed.reject(new Error('no service worker'))
    expect(await (await early).text()).toBe('network')
    expect(network).toEqual(['/api/health'])
  })
})
