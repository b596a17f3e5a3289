import type { ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readSse } from '../../web/core/http/readSse'
import { parseOutboundAllow } from '../src/outbound/outboundAllow'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { guardConnections } from './guardConnections'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

// Issue 14, part 3, "Outbound requests" (DESIGN.md section 10): a person's answer generator is a URL
// the server fetches. Over real HTTP against a real server with accounts; the "providers" are fake
// servers on 127.0.0.1, and nothing else is ever contacted (guardConnections refuses and records any
// other connection, so a policy that failed would show up without reaching the address).

type Quire = Awaited<ReturnType<typeof startTestServer>>

const REFUSED = 'which this server does not reach; an operator can allow it with OUTBOUND_ALLOW'
const SECRET = 'db-password-hunter2'

function client(quire: Quire, user?: TestUser) {
  return async (method: string, path: string, json?: unknown) => {
    const response = await fetch(`${quire.url}${path}`, {
      method,
      headers: { ...user?.auth, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    return { status: response.status, text: await response.text() }
  }
}

/** Answers like Ollama (`/api/tags`, `/api/chat`) and an OpenAI-compatible server (`/v1/...`). */
function provider(request: { path: string }, response: ServerResponse) {
  if (request.path === '/api/tags') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"models":[{"name":"llama3.2"}]}')
  } else if (request.path === '/api/chat') {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' })
    response.end(
      `${JSON.stringify({ message: { content: 'From the fake model.' }, done: false })}\n{"done":true}\n`,
    )
  } else {
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not here"}')
  }
}

describe('outbound requests to a person’s generator, with accounts', () => {
  let quire: Quire
  let allowed: FakeUpstream
  let refused: FakeUpstream
  let alice: TestUser
  let api: ReturnType<typeof client>
  let sessionId: string
  let guard: ReturnType<typeof guardConnections>

  /** Tests a generator over `POST /api/settings/test-generator`. */
  const testGenerator = async (generator: unknown) => {
    const response = await api('POST', '/api/settings/test-generator', { generator })
    expect(response.status).toBe(200)
    return JSON.parse(response.text) as { ok: boolean; detail: string; models: string[] }
  }
  /** Chooses the generator and asks a question, answered at once and streamed. */
  const chat = async (generator: unknown) => {
    expect((await api('PUT', '/api/settings', { generator })).status).toBe(200)
    const reply = await api('POST', '/api/chat/message', { session_id: sessionId, message: 'What is new?' })
    const stream = await api('POST', '/api/chat/stream', { session_id: sessionId, message: 'What is new?' })
    const events = []
    for await (const event of readSse(new Response(stream.text).body!)) events.push(event)
    return { reply, last: events.at(-1) }
  }
  const ollama = (url: string) => ({ kind: 'ollama', base_url: url, model: 'llama3.2' })

  beforeAll(async () => {
    allowed = await startFakeUpstream(provider)
    refused = await startFakeUpstream(provider)
    quire = await startTestServer({
      accounts: true,
      outbound: {
        allow: parseOutboundAllow(`127.0.0.1:${allowed.port}`),
        idleTimeoutMs: 500,
        maxResponseBytes: 256 * 1024,
      },
    })
    alice = await signUpForTest(quire.url, 'alice')
    api = client(quire, alice)
    sessionId = (
      JSON.parse((await api('POST', '/api/chat/sessions', { name: 'Outbound' })).text) as { id: string }
    ).id
  })
  afterAll(async () => {
    await quire?.stop()
    await allowed?.close()
    await refused?.close()
  })
  beforeEach(() => {
    guard = guardConnections()
    allowed.handle = provider
    refused.handle = provider
  })
  afterEach(async () => {
    guard.restore()
    expect(guard.attempts).toEqual([])
    await api('PUT', '/api/settings', { generator: { kind: 'extractive' } })
  })

  it('refuses a generator at http://127.0.0.1:<port> with a clear error, and that server receives nothing', async () => {
    const tested = await testGenerator(ollama(refused.url))
    expect(tested.ok).toBe(false)
    expect(tested.detail).toBe(
      `Could not reach Ollama at ${refused.url} (127.0.0.1 is a loopback address, ${REFUSED}).`,
    )
    // Issue 31, item 9: it is refused where it is saved, naming the rule (outboundRefusals.test.ts
    // has a generator saved before the policy refused it).
    const saved = await api('PUT', '/api/settings', { generator: ollama(refused.url) })
    expect(saved.status).toBe(400)
    expect(JSON.parse(saved.text).detail).toBe(
      `generator.base_url: this server does not reach that address (127.0.0.1 is a loopback address, ${REFUSED})`,
    )
    expect(refused.connections).toBe(0)
  })

  it('refuses http://localhost:<port> on the address the name resolves to', async () => {
    const url = `http://localhost:${refused.port}`
    const tested = await testGenerator({ kind: 'openai', base_url: `${url}/v1`, model: 'm' })
    expect(tested.detail).toContain(`localhost resolves to a loopback address 127.0.0.1, ${REFUSED}`)
    const saved = await api('PUT', '/api/settings', { generator: ollama(url) })
    expect(saved.status).toBe(400)
    expect(saved.text).toContain('localhost resolves to a loopback address')
    expect(refused.connections).toBe(0)
  })

  it('refuses private, metadata and IPv4-mapped addresses before any connection', async () => {
    for (const [url, why] of [
      ['http://169.254.169.254', '169.254.169.254 is a cloud metadata address'],
      ['http://[fd00:ec2::254]', 'fd00:ec2::254 is a cloud metadata address'],
      ['http://10.0.0.5:11434', '10.0.0.5 is a private address'],
      ['http://[::ffff:192.168.0.1]', '::ffff:192.168.0.1 is a private address'],
      ['http://2130706433:11434', '127.0.0.1 is a loopback address'],
    ] as const) {
      const tested = await testGenerator(ollama(url))
      expect(tested.detail).toContain(`${why}, ${REFUSED}`)
    }
    // afterEach: guard.attempts is empty, so not one of these was even tried.
  })

  it('lets OUTBOUND_ALLOW=127.0.0.1:<port> through, and only that port', async () => {
    const tested = await testGenerator(ollama(allowed.url))
    expect(tested).toEqual({ ok: true, detail: 'Connected: 1 model(s) available', models: ['llama3.2'] })
    const { reply } = await chat(ollama(allowed.url))
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.text).content).toBe('From the fake model.')
    expect(allowed.requests.map((request) => request.path)).toContain('/api/chat')
    expect((await testGenerator(ollama(refused.url))).detail).toContain(REFUSED)
    expect(refused.connections).toBe(0)
  })

  it('refuses at the redirect when an allowed server redirects to a refused one', async () => {
    allowed.handle = (request, response) => {
      response.writeHead(302, { location: `${refused.url}${request.path}` }).end()
    }
    const tested = await testGenerator(ollama(allowed.url))
    expect(tested.detail).toBe(
      `Could not reach Ollama at ${allowed.url} (it redirected to ${refused.url}/api/tags: 127.0.0.1 is a loopback address, ${REFUSED}).`,
    )
    expect(refused.connections).toBe(0)
  })

  it(
    'times out a server that never answers, within the configured limit',
    async () => {
      allowed.handle = () => {}
      const tested = await testGenerator(ollama(allowed.url))
      expect(tested.detail).toBe(
        `Could not reach Ollama at ${allowed.url} (timed out: no answer within 0.5 s).`,
      )
      const { reply } = await chat(ollama(allowed.url))
      expect(reply.status).toBe(502)
      expect(reply.text).toContain('timed out: no answer within 0.5 s')
    },
    scaledTimeout(10_000),
  )

  it(
    'cuts an endless answer at the size limit',
    async () => {
      allowed.handle = (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/x-ndjson' })
        const line = `${JSON.stringify({ message: { content: 'more '.repeat(200) }, done: false })}\n`
        const timer = setInterval(() => response.write(line), 1)
        response.on('close', () => clearInterval(timer))
      }
      const { reply, last } = await chat(ollama(allowed.url))
      expect(reply.status).toBe(502)
      expect(JSON.parse(reply.text).detail).toBe(
        `Ollama at ${allowed.url} stopped mid-answer (the answer from 127.0.0.1:${allowed.port} is larger than 256 KB, the most this server reads).`,
      )
      expect(JSON.parse(last!.data).detail).toContain('is larger than 256 KB')
      allowed.handle = (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.write('{"models":[')
        const timer = setInterval(() => response.write('{"name":"model"},'.repeat(100)), 1)
        response.on('close', () => clearInterval(timer))
      }
      expect((await testGenerator(ollama(allowed.url))).detail).toContain('is larger than 256 KB')
    },
    scaledTimeout(10_000),
  )

  it('never shows the body of an error page: a 500 with a secret in its HTML', async () => {
    allowed.handle = (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' })
      response.end(`<html><body><h1>Internal error</h1><pre>${SECRET}</pre></body></html>`)
    }
    const tested = await testGenerator(ollama(allowed.url))
    expect(tested.detail).toBe(
      `Ollama at ${allowed.url} answered 500 with no error message Quire can read (the answer itself is not shown).`,
    )
    const { reply, last } = await chat(ollama(allowed.url))
    expect(reply.status).toBe(502)
    expect(reply.text).not.toContain(SECRET)
    expect(last!.data).not.toContain(SECRET)
    // A provider's own JSON error is what people need ("model not found"): it is shown, clipped.
    allowed.handle = (_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: `model 'llama3.2' not found ${'!'.repeat(400)}` }))
    }
    expect((await testGenerator(ollama(allowed.url))).detail).toMatch(
      /answered 404: model 'llama3\.2' not found !+…$/,
    )
  })

  it('cuts a real key out of an error, and a short or one-word key out of nothing (issue 31, item 6)', async () => {
    const openai = (base: string, api_key: string) => ({
      kind: 'openai',
      base_url: `${base}/v1`,
      model: 'm',
      api_key,
    })
    const refusal = `Could not reach the OpenAI-compatible server at ${refused.url}/v1 (127.0.0.1 is a loopback address, ${REFUSED}).`
    for (const placeholder of ['k', 'a', 'loopback', 'address']) {
      expect((await testGenerator(openai(refused.url, placeholder))).detail, placeholder).toBe(refusal)
    }
    // A server that echoes the key it got: the key is cut out wherever it stands as a token.
    const key = 'sk-live-0123456789abcdef'
    allowed.handle = (_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({ error: { message: `Incorrect API key provided: ${key}. Bearer ${key}` } }),
      )
    }
    const echoed = await testGenerator(openai(allowed.url, key))
    expect(echoed.detail).toBe(
      `The OpenAI-compatible server at ${allowed.url}/v1 answered 401: Incorrect API key provided: [API key]. Bearer [API key] Check the API key.`,
    )
  })

  it('refuses file:// and ftp:// URLs with 400 naming the field', async () => {
    for (const base_url of ['file:///etc/passwd', 'ftp://127.0.0.1/']) {
      const put = await api('PUT', '/api/settings', { generator: { kind: 'ollama', base_url, model: 'm' } })
      expect(put.status).toBe(400)
      expect(JSON.parse(put.text).detail).toMatch(/generator\.base_url/)
      const tested = await api('POST', '/api/settings/test-generator', {
        generator: { kind: 'openai', base_url, model: 'm' },
      })
      expect(tested.status).toBe(400)
      expect(JSON.parse(tested.text).detail).toMatch(/generator\.base_url/)
    }
  })
})

describe('outbound requests in single-user mode', () => {
  let quire: Quire
  let upstream: FakeUpstream

  beforeAll(async () => {
    upstream = await startFakeUpstream(provider)
    quire = await startTestServer({ outbound: { idleTimeoutMs: 500 } })
  })
  afterAll(async () => {
    await quire?.stop()
    await upstream?.close()
  })

  it('lets the owner reach their own machine (a local Ollama), by address or by name', async () => {
    const api = client(quire)
    for (const base_url of [upstream.url, `http://localhost:${upstream.port}`]) {
      const tested = await api('POST', '/api/settings/test-generator', {
        generator: { kind: 'ollama', base_url, model: 'llama3.2' },
      })
      expect(JSON.parse(tested.text)).toMatchObject({ ok: true, models: ['llama3.2'] })
    }
    expect(upstream.requests).toHaveLength(2)
  })

  it(
    'still times out a server that never answers',
    async () => {
      upstream.handle = () => {}
      const api = client(quire)
      const tested = await api('POST', '/api/settings/test-generator', {
        generator: { kind: 'ollama', base_url: upstream.url, model: 'llama3.2' },
      })
      expect(JSON.parse(tested.text).detail).toContain('timed out: no answer within 0.5 s')
    },
    scaledTimeout(10_000),
  )
})

describe("the operator's own generator on the operator's machine, with accounts", () => {
  let quire: Quire
  let operator: FakeUpstream

  beforeAll(async () => {
    operator = await startFakeUpstream(provider)
    quire = await startTestServer({
      accounts: true,
      config: { generator: { kind: 'ollama', base_url: operator.url, model: 'llama3.2' } },
    })
  })
  afterAll(async () => {
    await quire?.stop()
    await operator?.close()
  })

  // GENERATOR_URL=http://localhost:11434 on a multi-user server: the operator chose that address, so
  // people's chats reach it with no OUTBOUND_ALLOW entry; only exactly that base URL, though.
  it('answers through GENERATOR_URL on a loopback address, and refuses other paths on that host', async () => {
    const alice = await signUpForTest(quire.url, 'alice')
    const api = client(quire, alice)
    const session = JSON.parse((await api('POST', '/api/chat/sessions', { name: 'Operator' })).text) as {
      id: string
    }
    const reply = await api('POST', '/api/chat/message', { session_id: session.id, message: 'What is new?' })
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.text).content).toContain('From the fake model.')
    expect(operator.requests.map((request) => request.path)).toEqual(['/api/chat'])

    // The same host with a path of the person's choosing is a person's URL: the policy refuses it.
    const tested = await api('POST', '/api/settings/test-generator', {
      generator: { kind: 'ollama', base_url: `${operator.url}/api/pull?name=x&`, model: 'llama3.2' },
    })
    expect(JSON.parse(tested.text)).toMatchObject({ ok: false })
    expect(JSON.parse(tested.text).detail).toContain(REFUSED)
    expect(operator.requests).toHaveLength(1)
  })
})
