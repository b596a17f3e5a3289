import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseOutboundAllow } from '../src/outbound/outboundAllow'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'

// Issue 31, item 4: a SearXNG whose answer starts in time but trickles past the outbound time limit,
// or grows past the outbound size limit, is SearXNG failing (504 / 502), never the server's 500.
// The limits are the test server's own (1.5 s in all, 64 KB), so nothing here waits long.

type Quire = Awaited<ReturnType<typeof startTestServer>>

describe('web search past the outbound limits, with accounts', () => {
  let quire: Quire
  let searxng: FakeUpstream
  let alice: TestUser

  const search = async () => {
    const response = await fetch(`${quire.url}/api/v1/websearch/web?q=jam`, { headers: alice.auth })
    return { status: response.status, body: (await response.json()) as { detail: string } }
  }

  beforeAll(async () => {
    searxng = await startFakeUpstream()
    quire = await startTestServer({
      accounts: true,
      outbound: {
        allow: parseOutboundAllow(`127.0.0.1:${searxng.port}`),
        totalTimeoutMs: 1500,
        maxResponseBytes: 64 * 1024,
      },
    })
    alice = await signUpForTest(quire.url, 'alice')
    const saved = await fetch(`${quire.url}/api/v1/settings/instances`, {
      method: 'POST',
      headers: { ...alice.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        definition_id: 'web_search_settings',
        name: 'Web search',
        value: { searxng_url: searxng.url },
        scope: 'user',
        user_id: 'current',
      }),
    })
    expect(saved.status).toBeLessThan(300)
  })
  afterAll(async () => {
    await quire?.stop()
    await searxng?.close()
  })

  it('answers 504 when the answer starts but is still trickling in at the time limit', async () => {
    searxng.handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"results": [')
      const timer = setInterval(() => response.write(' '), 100)
      response.on('close', () => clearInterval(timer))
    }
    const answer = await search()
    expect(answer.status).toBe(504)
    expect(answer.body.detail).toBe(
      `SearXNG at ${searxng.url}/ did not finish its answer in time (timed out: no complete answer within 1.5 s)`,
    )
  })

  it('answers 502 when the answer, with no length declared, grows past the size limit', async () => {
    searxng.handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write(`{"results": [], "padding": "${'x'.repeat(40 * 1024)}`)
      response.end(`${'y'.repeat(40 * 1024)}"}`)
    }
    const answer = await search()
    expect(answer.status).toBe(502)
    expect(answer.body.detail).toBe(
      `SearXNG at ${searxng.url}/ stopped mid-answer (the answer from 127.0.0.1:${searxng.port} is larger than 64 KB, the most this server reads)`,
    )
  })
})
