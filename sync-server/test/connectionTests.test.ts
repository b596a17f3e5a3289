import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

// Issue 31, item 10: a server that accepts the connection and never answers. The outbound idle limit
// stays at its 120 s (a loading model may need it); connection tests and model lists give up at the
// connection-test limit, CONNECTION_TEST_TIMEOUT_MS (15 s), here injected as 0.4 s.

type Quire = Awaited<ReturnType<typeof startTestServer>>

describe('connection tests against a server that never answers (single-user)', () => {
  let quire: Quire
  let silent: FakeUpstream

  const call = async (method: string, path: string, json?: unknown) => {
    const started = Date.now()
    const response = await fetch(`${quire.url}${path}`, {
      method,
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    const body = (await response.json()) as Record<string, unknown>
    return { status: response.status, body, ms: Date.now() - started }
  }

  beforeAll(async () => {
    silent = await startFakeUpstream(() => {})
    quire = await startTestServer({ config: { connectionTestMs: 400 } })
  })
  afterAll(async () => {
    await quire?.stop()
    await silent?.close()
  })

  it('test-generator answers ok: false at the limit, for Ollama and OpenAI-compatible endpoints', async () => {
    for (const [generator, who] of [
      [{ kind: 'ollama', base_url: silent.url, model: 'm' }, `The ollama endpoint at ${silent.url}`],
      [
        { kind: 'openai', base_url: `${silent.url}/v1`, model: 'm' },
        `The openai endpoint at ${silent.url}/v1`,
      ],
    ] as const) {
      const tested = await call('POST', '/api/settings/test-generator', { generator })
      expect(tested.status).toBe(200)
      expect(tested.body).toEqual({ ok: false, detail: `${who} did not answer within 0.4 s.`, models: [] })
      expect(tested.ms).toBeLessThan(scaledTimeout(5_000))
    }
  })

  it('the model host’s test and model list answer 502 at the limit', async () => {
    const query = `server_url=${encodeURIComponent(silent.url)}`
    for (const path of ['/api/v1/modelhost/test', '/api/v1/modelhost/models']) {
      const answer = await call('GET', `${path}?${query}`)
      expect(answer.status, path).toBe(502)
      expect(answer.body.detail).toBe(`Ollama at ${silent.url} did not answer within 0.4 s.`)
      expect(answer.ms).toBeLessThan(scaledTimeout(5_000))
    }
  })

  it('the providers’ model list gives up at the same limit', async () => {
    const answer = await call('POST', '/api/v1/ai/providers/validate', {
      provider: 'ollama',
      config: { server_url: silent.url },
    })
    expect(answer.body).toMatchObject({
      valid: false,
      message: `Ollama at ${silent.url} did not list its models within 0.4 s.`,
    })
    expect(answer.ms).toBeLessThan(scaledTimeout(5_000))
  })
})
