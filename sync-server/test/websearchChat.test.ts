import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSse } from '../../web/core/http/readSse'
import { parseOutboundAllow } from '../src/outbound/outboundAllow'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { seedChatSession } from './seedChatSession'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { fakePages, fakeSearxng } from './websearchFakes'

// Issue 18, item 4: a document question asked with "search the web". Over real HTTP, with accounts;
// SearXNG and its pages are fake servers the operator allowed. The answer generator is the extractive
// default, which quotes whichever source answers best, so the web page's sentence is cited by number.

type Quire = Awaited<ReturnType<typeof startTestServer>>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>

const PANTRY = '# Pantry\n\nAlice keeps three jars of marmalade and plum jam in the pantry, beside the honey.'
const QUESTION = 'When was marmalade first sold in Dundee?'

describe('chat with “search the web”', () => {
  let quire: Quire
  let searxng: FakeUpstream
  let pages: FakeUpstream
  let alice: TestUser
  let sessionId: string

  const api = async (
    method: string,
    path: string,
    json?: unknown,
  ): Promise<{ status: number; body: Json }> => {
    const response = await fetch(`${quire.url}${path}`, {
      method,
      headers: { ...alice.auth, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    return { status: response.status, body: (await response.json()) as Json }
  }
  const useSearxng = (url: string) =>
    api('POST', '/api/v1/settings/instances', {
      definition_id: 'web_search_settings',
      value: { searxng_url: url },
      user_id: 'current',
    })

  beforeAll(async () => {
    pages = await startFakeUpstream(fakePages(() => `${pages.url}/article`))
    searxng = await startFakeUpstream(fakeSearxng(pages.url))
    quire = await startTestServer({
      accounts: true,
      outbound: { allow: parseOutboundAllow(`127.0.0.1:${searxng.port},127.0.0.1:${pages.port}`) },
    })
    alice = await signUpForTest(quire.url, 'alice')
    ;({ sessionId } = await seedChatSession(
      quire,
      { collection: 'Kitchen', file: 'pantry.md', text: PANTRY },
      alice.auth,
    ))
    expect((await useSearxng(searxng.url)).status).toBeLessThan(300)
  })
  afterAll(async () => {
    await quire?.stop()
    await Promise.all([searxng, pages].map((fake) => fake?.close()))
  })

  it('cites a web page by number, with its URL stored with the answer, read back after a reload', async () => {
    const reply = await api('POST', '/api/chat/message', {
      session_id: sessionId,
      message: QUESTION,
      web_search: true,
    })
    expect(reply.status).toBe(200)
    const sources = reply.body.metadata.source_documents as Json[]
    const documents = sources.filter((source) => source.kind === undefined)
    const web = sources.filter((source) => source.kind === 'web')
    expect(documents[0]).toMatchObject({ number: 1, filename: 'pantry.md' })
    // Numbered after the passages: the scraped article, then the PDF's snippet (it cannot be read).
    expect(web).toEqual([
      {
        kind: 'web',
        number: documents.length + 1,
        url: `${pages.url}/article`,
        title: 'Marmalade facts',
        content:
          'Marmalade\n\nSeville oranges make the best marmalade because of their bitter peel.\n\nMarmalade was first sold in Dundee in 1797.',
        from: 'page',
        engine: 'duckduckgo',
        score: 1,
      },
      expect.objectContaining({
        kind: 'web',
        number: documents.length + 2,
        url: `${pages.url}/file.pdf`,
        from: 'snippet',
        content: 'Marmalade history in Dundee started in 1797 with a shop.',
      }),
    ])
    expect(reply.body.content).toMatch(/1797/)
    const cited = [...(reply.body.content as string).matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]))
    expect(cited.some((n) => web.some((source) => source.number === n))).toBe(true)
    expect(reply.body.metadata).toMatchObject({ web_search: true, chunks_retrieved: documents.length })
    expect(reply.body.metadata.web_search_note).toBe(
      '1 of 2 web pages could not be read; their search snippets were used.',
    )
    // SearXNG was asked the question itself.
    expect(new URL(searxng.requests.at(-1)!.path, searxng.url).searchParams.get('q')).toBe(QUESTION)

    const history = await api('GET', `/api/chat/messages?session_id=${sessionId}`)
    const stored = (history.body as unknown as Json[]).at(-1)!
    expect(stored.id).toBe(reply.body.id)
    expect(stored.metadata.source_documents).toEqual(sources)
  })

  it('streams the web sources in the sources event', async () => {
    const response = await fetch(`${quire.url}/api/chat/stream`, {
      method: 'POST',
      headers: { ...alice.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId, message: QUESTION, web_search: true }),
    })
    const events = []
    for await (const event of readSse(response.body!)) events.push(event)
    const sources = JSON.parse(events[0]!.data).sources as Json[]
    expect(events[0]!.event).toBe('sources')
    expect(sources.filter((source) => source.kind === 'web').map((source) => source.url)).toEqual([
      `${pages.url}/article`,
      `${pages.url}/file.pdf`,
    ])
    expect(events.at(-1)!.event).toBe('done')
  })

  it('without web_search, asks SearXNG nothing and cites documents only', async () => {
    const before = searxng.requests.length
    const reply = await api('POST', '/api/chat/message', { session_id: sessionId, message: QUESTION })
    expect(reply.status).toBe(200)
    expect(
      (reply.body.metadata.source_documents as Json[]).every((source) => source.kind === undefined),
    ).toBe(true)
    expect(reply.body.metadata.web_search).toBeUndefined()
    expect(searxng.requests.length).toBe(before)
  })

  it('answers from the documents with a note when the web search cannot run', async () => {
    searxng.handle = (_request, response) => response.writeHead(500).end()
    try {
      const reply = await api('POST', '/api/chat/message', {
        session_id: sessionId,
        message: QUESTION,
        web_search: true,
      })
      expect(reply.status).toBe(200)
      expect(reply.body.metadata.web_search_note).toBe(
        `The web was not searched: SearXNG at ${searxng.url}/ answered 500`,
      )
      expect((reply.body.metadata.source_documents as Json[]).some((source) => source.kind === 'web')).toBe(
        false,
      )
    } finally {
      searxng.handle = fakeSearxng(pages.url)
    }
  })

  it('refuses a web_search that is not a boolean with 400 naming the field', async () => {
    const reply = await api('POST', '/api/chat/message', {
      session_id: sessionId,
      message: QUESTION,
      web_search: 'yes',
    })
    expect(reply.status).toBe(400)
    expect(reply.body.detail).toContain('web_search')
  })
})
