import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseOutboundAllow } from '../src/outbound/outboundAllow'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { fakePages, fakeSearxng } from './websearchFakes'
import { callJson } from './callJson'

// Issue 31, item 13: the server's own SearXNG (SEARXNG_URL), for people who set none. It is the
// operator's endpoint: reached on 127.0.0.1 without an OUTBOUND_ALLOW entry (multi-user mode), with
// the basic-auth credentials its URL carries sent to it and shown to nobody.

type Quire = Awaited<ReturnType<typeof startTestServer>>
const PASSWORD = 'operator-hunter2'

describe('the server’s SEARXNG_URL, with accounts', () => {
  let quire: Quire
  let operators: FakeUpstream
  let own: FakeUpstream
  let pages: FakeUpstream
  let alice: TestUser
  let bob: TestUser

  const call = async (user: TestUser, method: string, path: string, json?: unknown) => {
    const { status, text } = await callJson(quire.url, method, path, json, user.auth)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status, text, json: JSON.parse(text) as Record<string, any> }
  }

  beforeAll(async () => {
    pages = await startFakeUpstream(fakePages(() => `${pages.url}/article`))
    operators = await startFakeUpstream(fakeSearxng(pages.url))
    own = await startFakeUpstream(fakeSearxng(pages.url))
    quire = await startTestServer({
      accounts: true,
      // Only the person's own instance is allowed; the operator's is reached as the operator's.
      outbound: { allow: parseOutboundAllow(`127.0.0.1:${own.port}`) },
      config: { searxngUrl: `http://quire:${PASSWORD}@127.0.0.1:${operators.port}/` },
    })
    alice = await signUpForTest(quire.url, 'alice')
    bob = await signUpForTest(quire.url, 'bob')
  })
  afterAll(async () => {
    await quire?.stop()
    await Promise.all([operators, own, pages].map((fake) => fake?.close()))
  })

  it('searches with the server’s instance when the person set none, sending its credentials', async () => {
    const answer = await call(alice, 'GET', '/api/v1/websearch/web?q=marmalade')
    expect(answer.status).toBe(200)
    expect(answer.json.results[0]).toMatchObject({ title: 'Marmalade facts' })
    const sent = operators.requests.at(-1)!
    expect(new URL(sent.path, operators.url).pathname).toBe('/search')
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`quire:${PASSWORD}`).toString('base64')}`)
  })

  it('health reports the server’s instance without its credentials', async () => {
    const health = await call(alice, 'GET', '/api/v1/websearch/health')
    expect(health.json).toEqual({
      status: 'healthy',
      searxng_url: operators.url,
      source: 'server',
      accessible: true,
      engines: 2,
    })
    expect(health.text).not.toContain(PASSWORD)
    expect(health.text).not.toContain('quire:')
  })

  it('a chat with web search uses the server’s instance too', async () => {
    const session = await call(alice, 'POST', '/api/chat/sessions', { name: 'Web' })
    const reply = await call(alice, 'POST', '/api/chat/message', {
      session_id: session.json.id,
      message: 'When was marmalade first sold?',
      web_search: true,
    })
    expect(reply.status).toBe(200)
    const web = (reply.json.metadata.source_documents as Array<{ kind?: string; url?: string }>).filter(
      (source) => source.kind === 'web',
    )
    expect(web.map((source) => source.url)).toContain(`${pages.url}/article`)
    const asked = new URL(operators.requests.at(-1)!.path, operators.url)
    expect(asked.searchParams.get('q')).toBe('When was marmalade first sold?')
  })

  it('a person’s own instance wins over the server’s', async () => {
    const saved = await call(bob, 'POST', '/api/v1/settings/instances', {
      definition_id: 'web_search_settings',
      name: 'Web search',
      value: { searxng_url: own.url },
      scope: 'user',
      user_id: 'current',
    })
    expect(saved.status).toBeLessThan(300)
    const before = operators.requests.length
    expect((await call(bob, 'GET', '/api/v1/websearch/web?q=jam')).status).toBe(200)
    expect(own.requests.at(-1)!.headers.authorization).toBeUndefined()
    expect(operators.requests.length).toBe(before)
    const health = await call(bob, 'GET', '/api/v1/websearch/health')
    expect(health.json).toMatchObject({ status: 'healthy', searxng_url: own.url, source: 'person' })
  })
})
