import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseOutboundAllow } from '../src/outbound/outboundAllow'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { guardConnections } from './guardConnections'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { fakePages, fakeSearxng } from './websearchFakes'
import { callJson } from './callJson'

// Issue 18, item 4: /api/v1/websearch/* over real HTTP, on a server with accounts (multi-user mode:
// the outbound policy refuses loopback addresses unless OUTBOUND_ALLOW lists them). SearXNG and the
// pages are fake servers on 127.0.0.1 that the operator allowed; `hidden` is one it did not.

type Quire = Awaited<ReturnType<typeof startTestServer>>
// Answers are read loosely: the assertions say what their shape must be.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>

function client(quire: Quire, user: TestUser) {
  return async (method: string, path: string, json?: unknown) => {
    const { status, text } = await callJson(quire.url, method, path, json, user.auth)
    return { status, text, json: () => JSON.parse(text) as Json }
  }
}

describe('web search and scrape through the outbound policy, with accounts', () => {
  let quire: Quire
  let searxng: FakeUpstream
  let pages: FakeUpstream
  let hidden: FakeUpstream
  let stopped: FakeUpstream
  let alice: TestUser
  let bob: TestUser
  let api: ReturnType<typeof client>
  let guard: ReturnType<typeof guardConnections>

  const useSearxng = async (url: string) => {
    const saved = await api('POST', '/api/v1/settings/instances', {
      definition_id: 'web_search_settings',
      name: 'Web search',
      value: { searxng_url: url },
      scope: 'user',
      user_id: 'current',
    })
    expect(saved.status).toBeLessThan(300)
  }

  beforeAll(async () => {
    hidden = await startFakeUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<main><p>Intranet secrets.</p></main>')
    })
    pages = await startFakeUpstream(fakePages(() => `${hidden.url}/secret`))
    searxng = await startFakeUpstream(fakeSearxng(pages.url))
    stopped = await startFakeUpstream()
    await stopped.close()
    quire = await startTestServer({
      accounts: true,
      outbound: {
        allow: parseOutboundAllow(
          [searxng.port, pages.port, stopped.port].map((port) => `127.0.0.1:${port}`).join(','),
        ),
      },
    })
    alice = await signUpForTest(quire.url, 'alice')
    bob = await signUpForTest(quire.url, 'bob')
    api = client(quire, alice)
  })
  afterAll(async () => {
    await quire?.stop()
    await Promise.all([searxng, pages, hidden].map((fake) => fake?.close()))
  })
  beforeEach(async () => {
    guard = guardConnections()
    await useSearxng(searxng.url)
    searxng.requests.length = 0
    pages.requests.length = 0
  })
  afterEach(() => {
    guard.restore()
    expect(guard.attempts).toEqual([])
  })

  it('forwards q, categories, engines and the rest to SearXNG’s JSON API and answers its results shaped', async () => {
    const answer = await api(
      'GET',
      '/api/v1/websearch/web?q=marmalade%20history&categories=general,news&engines=duckduckgo&language=en&safesearch=0&time_range=year&pageno=2',
    )
    expect(answer.status).toBe(200)
    const sent = new URL(searxng.requests[0]!.path, searxng.url)
    expect(sent.pathname).toBe('/search')
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      q: 'marmalade history',
      format: 'json',
      categories: 'general,news',
      engines: 'duckduckgo',
      language: 'en',
      safesearch: '0',
      time_range: 'year',
      pageno: '2',
    })
    const body = answer.json()
    expect(body.query).toBe('marmalade history')
    expect(body.suggestions).toEqual(['marmalade recipe'])
    expect(body.unresponsive_engines).toEqual([['google', 'timeout']])
    // The ftp:// hit is dropped; the others keep title, url, content and engine.
    expect(body.results).toEqual([
      {
        title: 'Marmalade facts',
        url: `${pages.url}/article`,
        content: 'Seville oranges make the best marmalade.',
        engine: 'duckduckgo',
        engines: ['duckduckgo', 'wikipedia'],
        score: 2.5,
        category: 'general',
        publishedDate: null,
      },
      expect.objectContaining({ title: 'Not a page', url: `${pages.url}/file.pdf`, engine: 'bing' }),
    ])
  })

  it('takes the reference’s `category` when `categories` is absent', async () => {
    expect((await api('GET', '/api/v1/websearch/web?q=jam&category=news')).status).toBe(200)
    const sent = new URL(searxng.requests[0]!.path, searxng.url)
    expect(sent.searchParams.get('categories')).toBe('news')
  })

  it('answers BrainDrive’s chat plugin at /api/v1/searxng/* with the parameters it sends', async () => {
    // Its SearchService: q, language, safesearch, category (not categories), engines joined by commas.
    const search = await api(
      'GET',
      '/api/v1/searxng/web?q=marmalade&language=en&safesearch=1&category=general&engines=duckduckgo,wikipedia',
    )
    expect(search.status).toBe(200)
    expect(search.json().results[0]).toMatchObject({ title: 'Marmalade facts', content: expect.any(String) })
    const sent = new URL(searxng.requests[0]!.path, searxng.url)
    expect(sent.searchParams.get('categories')).toBe('general')
    expect(sent.searchParams.get('engines')).toBe('duckduckgo,wikipedia')
    // scrapeUrls: the URLs as the body, max_content_length in the query; it reads summary.successful_scrapes.
    const scraped = await api('POST', '/api/v1/searxng/scrape?max_content_length=3000', [
      `${pages.url}/article`,
    ])
    expect(scraped.json().summary).toMatchObject({ total_urls: 1, successful_scrapes: 1 })
    // checkHealth reads accessible and error.
    expect((await api('GET', '/api/v1/searxng/health')).json()).toMatchObject({ accessible: true })
  })

  it('refuses a missing or blank q and bad numbers with 422 naming the field', async () => {
    for (const query of [
      '',
      '?q=%20%20',
      '?q=jam&safesearch=5',
      '?q=jam&pageno=zero',
      '?q=jam&time_range=decade',
    ]) {
      const answer = await api('GET', `/api/v1/websearch/web${query}`)
      expect(answer.status, query).toBe(422)
      expect(answer.json().detail[0].loc[0]).toBe('query')
    }
    expect(searxng.requests).toEqual([])
  })

  it('says what is wrong when SearXNG refuses JSON, answers something else, or is down', async () => {
    searxng.handle = (_request, response) => response.writeHead(403).end('Forbidden')
    let answer = await api('GET', '/api/v1/websearch/web?q=jam')
    expect(answer.status).toBe(502)
    expect(answer.json().detail).toContain('answered 403: enable the JSON format')
    searxng.handle = (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>')
    answer = await api('GET', '/api/v1/websearch/web?q=jam')
    expect(answer.status).toBe(502)
    expect(answer.json().detail).toContain('did not answer with SearXNG’s JSON')
    searxng.handle = fakeSearxng(pages.url)
    await useSearxng(stopped.url)
    answer = await api('GET', '/api/v1/websearch/web?q=jam')
    expect(answer.status).toBe(502)
    expect(answer.json().detail).toBe(
      `Could not reach SearXNG at ${stopped.url}/ (connection refused; is it running?)`,
    )
  })

  it('health: up with its engines, down with the reason', async () => {
    let health = (await api('GET', '/api/v1/websearch/health')).json()
    expect(health).toEqual({
      status: 'healthy',
      searxng_url: searxng.url,
      source: 'person',
      accessible: true,
      engines: 2,
    })
    await useSearxng(stopped.url)
    health = (await api('GET', '/api/v1/websearch/health')).json()
    expect(health).toMatchObject({ status: 'unhealthy', accessible: false })
    expect(health.error).toContain('connection refused')
    await useSearxng(hidden.url)
    health = (await api('GET', '/api/v1/websearch/health')).json()
    expect(health.error).toContain('which this server does not reach')
    expect(hidden.requests).toEqual([])
  })

  it('another person does not search with A’s instance: without their own it is not set up', async () => {
    const bobs = client(quire, bob)
    const answer = await bobs('GET', '/api/v1/websearch/web?q=jam')
    expect(answer.status).toBe(503)
    expect(answer.json().detail).toContain('Web search is not set up')
    expect((await bobs('GET', '/api/v1/websearch/health')).json()).toMatchObject({
      status: 'not_configured',
      accessible: false,
    })
    expect(searxng.requests).toEqual([])
  })

  it('scrapes the main text of pages with ingestion’s extraction, each failure its own entry', async () => {
    const answer = await api('POST', '/api/v1/websearch/scrape', {
      urls: [
        `${pages.url}/article`,
        `${pages.url}/file.pdf`,
        `${pages.url}/missing`,
        `${pages.url}/notes.txt`,
      ],
    })
    expect(answer.status).toBe(200)
    const { results, summary } = answer.json()
    expect(results[0]).toMatchObject({
      url: `${pages.url}/article`,
      success: true,
      title: 'Marmalade facts',
      truncated: false,
    })
    expect(results[0].content).toBe(
      'Marmalade\n\nSeville oranges make the best marmalade because of their bitter peel.\n\nMarmalade was first sold in Dundee in 1797.',
    )
    for (const left of ['SCRIPT', 'NAVIGATION', 'HIDDEN', 'FOOTER', 'color: red'])
      expect(results[0].content).not.toContain(left)
    expect(results[1]).toMatchObject({
      success: false,
      error: 'Not a web page: its content type is application/pdf',
    })
    expect(results[2]).toMatchObject({ success: false, error: 'The page answered HTTP 404', content: '' })
    expect(results[3]).toMatchObject({ success: true, content: 'First paragraph.\n\nSecond paragraph.' })
    expect(summary).toEqual({
      total_urls: 4,
      successful_scrapes: 2,
      total_content_length: results[0].content.length + results[3].content.length,
    })
  })

  it('fails a page built to hurt the parser alone, saying why, and reads the others', async () => {
    const answer = await api('POST', '/api/v1/websearch/scrape', {
      urls: [`${pages.url}/nested`, `${pages.url}/article`],
    })
    expect(answer.status).toBe(200)
    const { results } = answer.json()
    expect(results[0]).toMatchObject({
      success: false,
      error: expect.stringContaining('more than 1,000 deep'),
    })
    expect(results[1]).toMatchObject({ success: true, title: 'Marmalade facts' })
  })

  it('takes BrainDrive’s bare array of URLs with ?max_content_length, and cuts the text there', async () => {
    const answer = await api('POST', '/api/v1/websearch/scrape?max_content_length=300', [`${pages.url}/long`])
    expect(answer.status).toBe(200)
    const [page] = answer.json().results
    expect(page).toMatchObject({ success: true, truncated: true, content_length: 301 })
    expect(page.content.endsWith('…')).toBe(true)
  })

  it('refuses a page behind a redirect to a private address, and that address receives nothing', async () => {
    const answer = await api('POST', '/api/v1/websearch/scrape', {
      urls: [`${pages.url}/moved`, `${pages.url}/article`],
    })
    expect(answer.status).toBe(200)
    const { results } = answer.json()
    expect(results[0].success).toBe(false)
    expect(results[0].error).toContain(`it redirected to ${hidden.url}/secret`)
    expect(results[0].error).toContain('127.0.0.1 is a loopback address, which this server does not reach')
    expect(results[1].success).toBe(true)
    expect(hidden.connections).toBe(0)
  })

  it('refuses 0 or 6 URLs and a URL that is not http(s) with 422 naming the field', async () => {
    const six = Array.from({ length: 6 }, (_, i) => `${pages.url}/article?${i}`)
    for (const [body, loc, msg] of [
      [{ urls: six }, ['body', 'urls'], 'Maximum 5 URLs allowed per request'],
      [{ urls: [] }, ['body', 'urls'], 'At least one URL is required'],
      [{ urls: ['file:///etc/passwd'] }, ['body', 'urls', 0], 'must be an http(s) URL'],
      [['javascript:alert(1)'], ['body', 'urls', 0], 'must be an http(s) URL'],
      [{}, ['body', 'urls'], undefined],
    ] as const) {
      const answer = await api('POST', '/api/v1/websearch/scrape', body)
      expect(answer.status, JSON.stringify(body)).toBe(422)
      const issue = answer.json().detail[0]
      expect(issue.loc).toEqual(loc)
      if (msg) expect(issue.msg).toBe(msg)
    }
    expect(pages.requests).toEqual([])
  })
})
