import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../web/core/providers/providerCatalog'
import { configFromEnv } from '../src/config'
import { filesHolding } from './filesHolding'
import { startFakeModelServer, type FakeModelServer } from './fakes/fakeModelServer'
import { NO_USER_RATE_LIMIT } from './noUserRateLimit'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
import { callJson } from './callJson'
import { storedSettingValue } from './storedSettingValue'

const BARE_KEY = 'sk-ant-bare-string-key-7d41c09e'
const JSON_KEY = 'sk-openai-json-string-key-2b8f'
const DEFINITION = 'claude_api_keys_settings'

type Instance = { id: string; value: unknown }

/**
 * Issue 39: an Anthropic key saved as a bare string (`"sk-ant-…"`, as some BrainDrive clients send
 * it) read back in full, to a read-only token too, travelled in sync pulls, was stored in clear, and
 * the object form was refused (422) once it had been saved so. A key setting now has one form.
 */
describe('a key setting saved as a bare string or JSON text, over real HTTP', () => {
  let fake: FakeModelServer
  let quire: Awaited<ReturnType<typeof startTestServer>>
  let person: TestUser
  let readOnly: Record<string, string>
  const vendorAddress = PROVIDERS.anthropic.defaultAddress

  const call = async (method: string, path: string, json?: unknown, auth = person.auth) => {
    const { status, text } = await callJson(quire.url, method, path, json, auth)
    return { status, text, json: () => JSON.parse(text) as unknown }
  }
  const stored = (id: string) => storedSettingValue(quire, person.id, id)

  beforeAll(async () => {
    fake = await startFakeModelServer('anthropic')
    fake.key = BARE_KEY
    // A bare key names no address: it is the vendor's. Here the vendor is the fake.
    PROVIDERS.anthropic.defaultAddress = fake.url
    quire = await startTestServer({
      accounts: true,
      rateLimits: NO_USER_RATE_LIMIT,
      config: { outbound: configFromEnv({ OUTBOUND_ALLOW: '127.0.0.1' }).outbound },
    })
    person = await signUpForTest(quire.url, 'barekey')
    const login = await fetch(`${quire.url}/api/v1/auth/login?include_tokens=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: person.password }),
    })
    const { access_token } = (await login.json()) as { access_token: string }
    const token = await call(
      'POST',
      '/api/v1/auth/tokens',
      { name: 'reader', scope: 'read' },
      {
        authorization: `Bearer ${access_token}`,
      },
    )
    expect(token.status, token.text).toBe(201)
    readOnly = { authorization: `Bearer ${(token.json() as { token: string }).token}` }
  }, scaledTimeout(60_000))
  afterAll(async () => {
    PROVIDERS.anthropic.defaultAddress = vendorAddress
    await quire?.stop()
    await fake?.close()
  })

  it('is masked to every token, sealed at rest, absent from sync pulls and used as the key; the object form saves over it', async () => {
    const created = await call('POST', '/api/v1/settings/instances', {
      definition_id: DEFINITION,
      value: BARE_KEY,
    })
    expect(created.status, created.text).toBe(201)
    const instance = created.json() as Instance
    expect(instance.value).toEqual({ api_key: '…c09e', _has_key: true, _key_valid: true })
    const definition = await call('GET', `/api/v1/settings/definitions/${DEFINITION}`)
    expect(definition.json()).toMatchObject({ type: 'object' })

    for (const auth of [person.auth, readOnly]) {
      for (const path of [
        '/api/v1/settings/instances',
        `/api/v1/settings/instances/${instance.id}`,
        `/api/v1/settings/instances?definition_id=${DEFINITION}`,
        '/api/v1/ai/settings/providers',
      ]) {
        const read = await call('GET', path, undefined, auth)
        expect(read.status, path).toBe(200)
        expect(read.text, path).not.toContain(BARE_KEY)
      }
    }
    expect(await stored(instance.id)).toEqual({ api_key: BARE_KEY })
    expect(filesHolding(quire.dataDir, BARE_KEY)).toEqual([])
    const pulled = await call('GET', '/api/v1/sync/pull?after=0&limit=1000')
    expect(pulled.status).toBe(200)
    expect(pulled.text).toContain(DEFINITION)
    expect(pulled.text).not.toContain(BARE_KEY)

    // The provider sends it as the key (the fake answers 401 to any other).
    const models = await call('GET', '/api/v1/ai/providers/models?provider=claude')
    expect(models.status, models.text).toBe(200)
    expect(fake.received.at(-1)?.headers['x-api-key']).toBe(BARE_KEY)

    // Saved again in the object form, the masked key sent back: kept, not refused.
    const resaved = await call('PUT', `/api/v1/settings/instances/${instance.id}`, {
      value: { api_key: '…c09e', note: 'object form' },
    })
    expect(resaved.status, resaved.text).toBe(200)
    expect(await stored(instance.id)).toEqual({ api_key: BARE_KEY, note: 'object form' })
    // And the bare form once more, over the object one.
    const again = await call('POST', '/api/v1/settings/instances', {
      definition_id: DEFINITION,
      value: BARE_KEY,
    })
    expect(again.status, again.text).toBe(200)
    expect(await stored(instance.id)).toEqual({ api_key: BARE_KEY })
  })

  it('takes the JSON-text forms (an object, a quoted key) as the object form', async () => {
    const asText = await call('POST', '/api/v1/settings/instances', {
      definition_id: 'openai_api_keys_settings',
      value: JSON.stringify({ api_key: JSON_KEY }),
    })
    expect(asText.status, asText.text).toBe(201)
    const instance = asText.json() as Instance
    expect(instance.value).toEqual({ api_key: '…2b8f', _has_key: true, _key_valid: true })
    expect(await stored(instance.id)).toEqual({ api_key: JSON_KEY })
    const quoted = await call('PUT', `/api/v1/settings/instances/${instance.id}`, {
      value: JSON.stringify(JSON_KEY),
    })
    expect(quoted.status, quoted.text).toBe(200)
    expect(await stored(instance.id)).toEqual({ api_key: JSON_KEY })
    const pulled = await call('GET', '/api/v1/sync/pull?after=0&limit=1000')
    expect(pulled.text).not.toContain(JSON_KEY)
    expect(filesHolding(quire.dataDir, JSON_KEY)).toEqual([])
  })
})
