import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fetchOutbound } from './fetchOutbound'

describe('fetchOutbound (a page’s request to another origin, made by the API worker)', () => {
  let sent: Array<{ url: string; init: RequestInit }>

  beforeEach(() => {
    sent = []
    vi.stubGlobal('self', { location: { origin: 'http://app.test' } })
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      sent.push({ url: url.href, init })
      return new Response('{"registration":"open"}', {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      })
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('sends no credentials, cookies, Referer or Origin of the page, and streams the answer back', async () => {
    const answer = await fetchOutbound({
      method: 'POST',
      url: 'https://sync.example/health',
      headers: [
        ['accept', 'application/json'],
        ['cookie', 'access_token=secret'],
        ['origin', 'http://evil.test'],
        ['sec-fetch-site', 'same-origin'],
      ],
      body: new TextEncoder().encode('{}').buffer,
    })
    expect(sent).toHaveLength(1)
    const { url, init } = sent[0]!
    expect(url).toBe('https://sync.example/health')
    expect(init).toMatchObject({
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
    expect([...new Headers(init.headers).keys()]).toEqual(['accept'])
    expect(answer.status).toBe(200)
    expect(answer.headers).toContainEqual(['content-type', 'application/json'])
    expect(await new Response(answer.stream).json()).toEqual({ registration: 'open' })
  })

  it.each([
    'file:///etc/passwd',
    'data:text/plain,x',
    'javascript:alert(1)',
    'http://app.test/api/v1/auth/me',
  ])('refuses %s and sends nothing', async (url) => {
    await expect(fetchOutbound({ method: 'GET', url, headers: [] })).rejects.toThrow(TypeError)
    expect(sent).toEqual([])
  })
})
