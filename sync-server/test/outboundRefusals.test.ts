import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSse } from '../../web/core/http/readSse'
import { parseOutboundAllow } from '../src/outbound/outboundAllow'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'

// Issue 31, item 9: a URL the outbound policy refuses is the person's to change, not an outage. The
// generator and SearXNG below were saved while OUTBOUND_ALLOW listed their port; the server then
// restarts without it (the operator took the entry out). Requests using them answer 400 naming the
// rule, not 502; saving such a URL is refused with 400; validate stays 200 {valid: false}.

type Quire = Awaited<ReturnType<typeof startTestServer>>
const REFUSED = 'which this server does not reach; an operator can allow it with OUTBOUND_ALLOW'

function ollamaLike(request: { path: string }, response: ServerResponse) {
  if (request.path === '/api/version') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"version":"0.5.0"}')
  } else if (request.path === '/api/tags') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"models":[{"name":"m"}]}')
  } else if (request.path.startsWith('/config')) {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"engines":[]}')
  } else {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[]}')
  }
}

describe('URLs the outbound policy refuses, with accounts', () => {
  let first: Quire | undefined
  let quire: Quire
  let upstream: FakeUpstream
  let alice: TestUser
  let sessionId: string
  let dataDir: string

  const call = async (method: string, path: string, json?: unknown) => {
    const response = await fetch(`${quire.url}${path}`, {
      method,
      headers: { ...alice.auth, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    const text = await response.text()
    return { status: response.status, text }
  }
  const detail = (answer: { text: string }) => (JSON.parse(answer.text) as { detail: string }).detail

  beforeAll(async () => {
    upstream = await startFakeUpstream(ollamaLike)
    first = await startTestServer({
      accounts: true,
      outbound: { allow: parseOutboundAllow(`127.0.0.1:${upstream.port}`) },
    })
    dataDir = first.dataDir
    quire = first
    alice = await signUpForTest(first.url, 'alice')
    expect(
      (
        await call('PUT', '/api/settings', {
          generator: { kind: 'ollama', base_url: upstream.url, model: 'm' },
        })
      ).status,
    ).toBe(200)
    const saved = await call('POST', '/api/v1/settings/instances', {
      definition_id: 'web_search_settings',
      name: 'Web search',
      value: { searxng_url: upstream.url },
      scope: 'user',
      user_id: 'current',
    })
    expect(saved.status).toBeLessThan(300)
    sessionId = (
      JSON.parse((await call('POST', '/api/chat/sessions', { name: 'Refused' })).text) as { id: string }
    ).id
    await first.close()
    quire = await startTestServer({ accounts: true, dataDir })
    upstream.connections = 0
  })
  afterAll(async () => {
    await quire?.stop()
    await upstream?.close()
    if (first) await first.stop().catch(() => {})
  })

  it('a chat with a saved generator the policy now refuses answers 400 naming the rule', async () => {
    const reply = await call('POST', '/api/chat/message', { session_id: sessionId, message: 'Hello?' })
    expect(reply.status).toBe(400)
    expect(detail(reply)).toBe(
      `Could not reach Ollama at ${upstream.url} (127.0.0.1 is a loopback address, ${REFUSED}).`,
    )
    const stream = await call('POST', '/api/chat/stream', { session_id: sessionId, message: 'Hello?' })
    const events = []
    for await (const event of readSse(new Response(stream.text).body!)) events.push(event)
    expect(events.at(-1)?.event).toBe('error')
    expect(events.at(-1)?.data).toContain(REFUSED)
    expect(upstream.connections).toBe(0)
  })

  it('the model host’s test and model list answer 400; validate stays 200 with valid: false', async () => {
    const query = `server_url=${encodeURIComponent(upstream.url)}`
    for (const path of ['/api/v1/modelhost/test', '/api/v1/modelhost/models']) {
      const answer = await call('GET', `${path}?${query}`)
      expect(answer.status, path).toBe(400)
      expect(detail(answer)).toContain(`127.0.0.1 is a loopback address, ${REFUSED}`)
    }
    const validated = await call('POST', '/api/v1/ai/providers/validate', {
      provider: 'ollama',
      config: { server_url: upstream.url },
    })
    expect(validated.status).toBe(200)
    expect(JSON.parse(validated.text)).toMatchObject({ valid: false })
    expect(upstream.connections).toBe(0)
  })

  it('a web search with a saved SearXNG the policy now refuses answers 400', async () => {
    const answer = await call('GET', '/api/v1/websearch/web?q=jam')
    expect(answer.status).toBe(400)
    expect(detail(answer)).toBe(
      `Could not reach SearXNG at ${upstream.url}/ (127.0.0.1 is a loopback address, ${REFUSED})`,
    )
    expect(upstream.connections).toBe(0)
  })

  it('saving a generator at an address the policy never reaches is 400 naming the field and the rule', async () => {
    for (const [base_url, why] of [
      [upstream.url, `127.0.0.1 is a loopback address, ${REFUSED}`],
      [`http://localhost:${upstream.port}`, `localhost resolves to a loopback address 127.0.0.1, ${REFUSED}`],
      ['http://10.1.2.3:11434', `10.1.2.3 is a private address, ${REFUSED}`],
    ] as const) {
      const saved = await call('PUT', '/api/settings', {
        generator: { kind: 'openai', base_url, model: 'm' },
      })
      expect(saved.status, base_url).toBe(400)
      expect(detail(saved)).toBe(`generator.base_url: this server does not reach that address (${why})`)
    }
    // A name is judged on what it resolves to, when used: it may be saved.
    const named = await call('PUT', '/api/settings', {
      generator: { kind: 'ollama', base_url: 'http://models.example.invalid', model: 'm' },
    })
    expect(named.status).toBe(200)
    expect(upstream.connections).toBe(0)
  })
})

describe('the same addresses in single-user mode', () => {
  let quire: Quire
  let upstream: FakeUpstream
  beforeAll(async () => {
    upstream = await startFakeUpstream(ollamaLike)
    quire = await startTestServer()
  })
  afterAll(async () => {
    await quire?.stop()
    await upstream?.close()
  })

  it('saves and uses a generator on the owner’s own machine', async () => {
    const saved = await fetch(`${quire.url}/api/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        generator: { kind: 'ollama', base_url: `http://localhost:${upstream.port}`, model: 'm' },
      }),
    })
    expect(saved.status).toBe(200)
    const tested = await fetch(
      `${quire.url}/api/v1/modelhost/test?server_url=${encodeURIComponent(upstream.url)}`,
    )
    expect(tested.status).toBe(200)
  })
})
