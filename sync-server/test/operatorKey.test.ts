import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFromEnv } from '../src/config'
import { startFakeOpenAi, type FakeOpenAi } from './fakeOpenAi'
import { filesHolding } from './filesHolding'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { NO_USER_RATE_LIMIT } from './noUserRateLimit'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

const OPERATOR_KEY = 'sk-operator-7f3c9e21d4b8a6f0'

// A server whose operator set GENERATOR=openai with their own key, and people signed in to it: the
// key must reach the operator's endpoint (fake A) and nothing else, whatever a person does.
describe("the operator's generator key (GENERATOR_API_KEY) over real HTTP", () => {
  let a: FakeOpenAi
  let b: FakeOpenAi
  let quire: Awaited<ReturnType<typeof startTestServer>>
  let person: TestUser
  let sessionId: string

  const call = async (method: string, path: string, json?: unknown) => {
    const response = await fetch(quire.url + path, {
      method,
      headers: { ...person.auth, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    return { status: response.status, text: await response.text() }
  }
  const settings = async (generator?: unknown) => {
    const response = await call('PUT', '/api/settings', { generator })
    expect(response.status, response.text).toBe(200)
    return JSON.parse(response.text) as { generator: Record<string, unknown> }
  }
  const ask = () => call('POST', '/api/chat/message', { session_id: sessionId, message: 'What is Lumen?' })
  /** Everything a person can read back: settings, the whole sync log, instances, the OpenAPI document. */
  const everythingReadable = async () =>
    [
      await call('GET', '/api/settings'),
      await call('GET', '/api/v1/sync/pull?after=0&limit=1000'),
      await call('GET', '/api/v1/settings/instances'),
      await call('GET', '/openapi.json'),
      await call('POST', '/api/settings/test-generator', {}),
    ]
      .map((response) => response.text)
      .join('\n')

  beforeAll(async () => {
    a = await startFakeOpenAi()
    b = await startFakeOpenAi()
    // As an operator configures it; OUTBOUND_ALLOW lets the fakes on 127.0.0.1 be reached.
    const env = configFromEnv({
      GENERATOR: 'openai',
      GENERATOR_URL: `${a.url}/v1`,
      GENERATOR_MODEL: 'op-model',
      GENERATOR_API_KEY: OPERATOR_KEY,
      OUTBOUND_ALLOW: '127.0.0.1',
    })
    quire = await startTestServer({
      accounts: true,
      rateLimits: NO_USER_RATE_LIMIT,
      config: { generator: env.generator, generatorApiKey: env.generatorApiKey, outbound: env.outbound },
    })
    person = await signUpForTest(quire.url, 'keyless')
    const session = await call('POST', '/api/chat/sessions', { name: 'Questions' })
    sessionId = (JSON.parse(session.text) as { id: string }).id
  }, scaledTimeout(60_000))
  afterAll(async () => {
    await quire?.stop()
    await a?.close()
    await b?.close()
  })

  it('answers through the operator’s endpoint with its key, and no read, pull or stored file holds the key', async () => {
    const shown = JSON.parse((await call('GET', '/api/settings')).text) as { generator: unknown }
    expect(shown.generator).toEqual({
      kind: 'openai',
      base_url: `${a.url}/v1`,
      model: 'op-model',
      has_api_key: false,
      uses_server_key: true,
    })
    expect((await ask()).status).toBe(200)
    expect(a.lastAuthorization('/chat/completions')).toBe(`Bearer ${OPERATOR_KEY}`)

    // The writes that used to copy the operator's key into the person's (synced) settings.
    await call('PUT', '/api/settings', { embedder: { id: 'hash-v1' } })
    const sameEndpoint = await settings({ kind: 'openai', base_url: `${a.url}/v1`, model: 'own-model' })
    expect(sameEndpoint.generator).toMatchObject({ has_api_key: false, uses_server_key: true })
    expect((await ask()).status).toBe(200)
    expect(a.lastAuthorization('/chat/completions')).toBe(`Bearer ${OPERATOR_KEY}`)

    expect(await everythingReadable()).not.toContain('sk-operator')
    expect(filesHolding(quire.dataDir, OPERATOR_KEY)).toEqual([])
  })

  it('error answers never show the key, even when the operator’s endpoint echoes it', async () => {
    await settings({ kind: 'openai', base_url: `${a.url}/v1`, model: 'op-model' })
    a.mode = 'echo'
    try {
      const reply = await ask()
      expect(reply.status).toBe(502)
      expect(reply.text).toContain('401')
      const streamed = await call('POST', '/api/chat/stream', {
        session_id: sessionId,
        message: 'And Ferrite?',
      })
      expect(streamed.text).toContain('event: error')
      const tested = await call('POST', '/api/settings/test-generator', {})
      expect(JSON.parse(tested.text)).toMatchObject({ ok: false })
      // The request did carry the key: the fake saw it and quoted it back.
      expect(a.lastAuthorization()).toBe(`Bearer ${OPERATOR_KEY}`)
      for (const answer of [reply.text, streamed.text, tested.text])
        expect(answer).not.toContain('sk-operator')
    } finally {
      a.mode = 'answer'
    }
  })

  it('goes to the operator’s endpoint however its URL is spelled, and never to another one', async () => {
    for (const spelling of [a.url, `${a.url}/v1/`, `${a.url}/x/../v1`]) {
      await settings({ kind: 'openai', base_url: spelling, model: 'op-model' })
      expect((await ask()).status, spelling).toBe(200)
      expect(a.lastAuthorization('/chat/completions'), spelling).toBe(`Bearer ${OPERATOR_KEY}`)
    }

    // Another server, left without a key (the stored-key rule must not carry the operator's there).
    const elsewhere = await settings({ kind: 'openai', base_url: `${b.url}/v1`, model: 'own-model' })
    expect(elsewhere.generator).toMatchObject({ has_api_key: false, uses_server_key: false })
    expect((await ask()).status).toBe(200)
    expect(b.lastAuthorization('/chat/completions')).toBe('')
    await call('POST', '/api/settings/test-generator', {})
    expect(b.lastAuthorization('/models')).toBe('')
    // Testing another endpoint before choosing it, while the operator's is in use.
    await settings({ kind: 'openai', base_url: `${a.url}/v1`, model: 'op-model' })
    await call('POST', '/api/settings/test-generator', {
      generator: { kind: 'openai', base_url: `${b.url}/v1`, model: 'own-model' },
    })
    expect(b.lastAuthorization('/models')).toBe('')

    // The operator's host and port, but another path: another endpoint.
    await settings({ kind: 'openai', base_url: `${a.url}/other/v1`, model: 'op-model' })
    await ask()
    expect(a.lastAuthorization('/other/v1/chat/completions')).toBe('')

    // A person's own key at the operator's endpoint is theirs to use.
    await settings({
      kind: 'openai',
      base_url: `${a.url}/v1`,
      model: 'op-model',
      api_key: 'sk-person-0123456789',
    })
    await ask()
    expect(a.lastAuthorization('/chat/completions')).toBe('Bearer sk-person-0123456789')
    expect(b.seen.every((request) => !request.authorization.includes('sk-operator'))).toBe(true)
  })
})
