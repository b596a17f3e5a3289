import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HlcClock } from '../../web/core/sync/Hlc'
import { httpSyncTransport } from '../../web/core/sync/httpSyncTransport'
import { configFromEnv } from '../src/config'
import { startFakeOpenAi, type FakeOpenAi } from './fakeOpenAi'
import { filesHolding } from './filesHolding'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { NO_USER_RATE_LIMIT } from './noUserRateLimit'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
import { callJson } from './callJson'
import { storedSettingValue } from './storedSettingValue'

const SETTINGS_KEY = 'sk-own-settings-5c1e88f0a2'
const OPENAI_KEY = 'sk-own-openai-b71d40c3e9'
const SERVER_KEY = 'ollama-own-server-93af06d2'
const PUSHED_KEY = 'sk-pushed-by-a-device-4e2a'

type Instance = { id: string; value: Record<string, unknown> }

// A person's own keys, on a server with accounts: write-only in every read, sealed at rest, never synced.
describe('a person’s own API keys over real HTTP', () => {
  let c: FakeOpenAi
  let quire: Awaited<ReturnType<typeof startTestServer>>
  let person: TestUser

  const call = async (method: string, path: string, json?: unknown) => {
    const { status, text } = await callJson(quire.url, method, path, json, person.auth)
    return { status, text, json: () => JSON.parse(text) as unknown }
  }
  const generatorOf = async (method: 'GET' | 'PUT', generator?: unknown) => {
    const response = await call(method, '/api/settings', method === 'PUT' ? { generator } : undefined)
    expect(response.status, response.text).toBe(200)
    return (response.json() as { generator: Record<string, unknown> }).generator
  }
  const ask = async () => {
    const session = (await call('POST', '/api/chat/sessions', { name: 'Q' })).json() as { id: string }
    return call('POST', '/api/chat/message', { session_id: session.id, message: 'What is Lumen?' })
  }
  const storedInstance = (id: string) => storedSettingValue(quire, person.id, id)
  const pullText = async () => (await call('GET', '/api/v1/sync/pull?after=0&limit=1000')).text

  beforeAll(async () => {
    c = await startFakeOpenAi()
    quire = await startTestServer({
      accounts: true,
      rateLimits: NO_USER_RATE_LIMIT,
      // The fake provider is on 127.0.0.1, which multi-user servers reach only when the operator allows it.
      config: { outbound: configFromEnv({ OUTBOUND_ALLOW: '127.0.0.1' }).outbound },
    })
    person = await signUpForTest(quire.url, 'keyholder')
    // A new account starts with `ollama_servers_settings` (as BrainDrive seeds it); the other is made here.
    const created = await call('POST', '/api/v1/settings/definitions', {
      id: 'openai_api_keys_settings',
      name: 'openai_api_keys_settings',
      category: 'ai',
      type: 'object',
    })
    expect(created.status, created.text).toBe(201)
    const seeded = await call('GET', '/api/v1/settings/definitions/ollama_servers_settings')
    expect(seeded.status, seeded.text).toBe(200)
  }, scaledTimeout(60_000))
  afterAll(async () => {
    await quire?.stop()
    await c?.close()
  })

  it('/api/settings shows has_api_key and the last four; a masked or omitted re-save keeps the key, "" removes it', async () => {
    const endpoint = { kind: 'openai', base_url: `${c.url}/v1`, model: 'own-model' }
    const saved = await generatorOf('PUT', { ...endpoint, api_key: SETTINGS_KEY })
    expect(saved).toEqual({ ...endpoint, has_api_key: true, api_key_hint: '…f0a2', uses_server_key: false })
    expect(JSON.stringify(await generatorOf('GET'))).not.toContain(SETTINGS_KEY)

    // What the settings screen sends back: the hint it was shown, or nothing.
    expect(await generatorOf('PUT', { ...endpoint, api_key: saved.api_key_hint })).toMatchObject({
      has_api_key: true,
      api_key_hint: saved.api_key_hint,
    })
    expect(await generatorOf('PUT', { ...endpoint, model: 'op-model' })).toMatchObject({ has_api_key: true })
    expect((await ask()).status).toBe(200)
    expect(c.lastAuthorization('/chat/completions')).toBe(`Bearer ${SETTINGS_KEY}`)

    expect(await generatorOf('PUT', { ...endpoint, api_key: '' })).toMatchObject({ has_api_key: false })
    expect((await ask()).status).toBe(200)
    expect(c.lastAuthorization('/chat/completions')).toBe('')
    await generatorOf('PUT', { ...endpoint, api_key: SETTINGS_KEY })
  })

  it('setting instances show keys masked at any depth; a masked re-save keeps them, a new key replaces, "" clears', async () => {
    const openai = await call('POST', '/api/v1/settings/instances', {
      definition_id: 'openai_api_keys_settings',
      value: { api_key: OPENAI_KEY },
    })
    expect(openai.status, openai.text).toBe(201)
    const openaiView = openai.json() as Instance
    // BrainDrive's shape: the key masked in place, with its read-only flags beside it.
    expect(openaiView.value).toEqual({ api_key: '…c3e9', _has_key: true, _key_valid: true })

    const servers = {
      servers: [
        { id: 's1', serverName: 'Home', serverAddress: 'http://127.0.0.1:11434', apiKey: SERVER_KEY },
        { id: 's2', serverName: 'Spare', serverAddress: 'http://127.0.0.1:11435', apiKey: '' },
      ],
    }
    const ollama = (
      await call('POST', '/api/v1/settings/instances', {
        definition_id: 'ollama_servers_settings',
        value: servers,
      })
    ).json() as Instance
    const shownServers = (ollama.value as { servers: Array<Record<string, unknown>> }).servers
    expect(shownServers[0]).toMatchObject({ apiKey: '…06d2', _has_key: true })
    expect(shownServers[1]).toMatchObject({ apiKey: '', _has_key: false })

    const list = await call('GET', '/api/v1/settings/instances')
    const one = await call('GET', `/api/v1/settings/instances/${openaiView.id}`)
    for (const read of [list.text, one.text]) {
      expect(read).not.toContain(OPENAI_KEY)
      expect(read).not.toContain(SERVER_KEY)
    }

    // A client re-saves exactly what it read (masks and flags), with the servers reordered.
    const resaved = await call('PUT', `/api/v1/settings/instances/${openaiView.id}`, {
      value: openaiView.value,
    })
    expect((resaved.json() as Instance).value).toEqual(openaiView.value)
    expect(await storedInstance(openaiView.id)).toEqual({ api_key: OPENAI_KEY })
    await call('PUT', `/api/v1/settings/instances/${ollama.id}`, {
      value: { servers: [...shownServers].reverse() },
    })
    expect(await storedInstance(ollama.id)).toEqual({ servers: [...servers.servers].reverse() })
    // BrainDrive's own mask form keeps it too.
    await call('PATCH', `/api/v1/settings/instances/${openaiView.id}`, {
      value: { api_key: 'sk-own-...c3e9' },
    })
    expect(await storedInstance(openaiView.id)).toEqual({ api_key: OPENAI_KEY })

    // A moved server loses its key (a key never follows a changed address); a new key replaces; '' clears.
    const moved = shownServers.map((server) =>
      server.id === 's1'
        ? { ...server, serverAddress: 'http://127.0.0.1:9' }
        : { ...server, apiKey: 'new-spare-key-1' },
    )
    await call('PUT', `/api/v1/settings/instances/${ollama.id}`, { value: { servers: moved } })
    expect(await storedInstance(ollama.id)).toEqual({
      servers: [
        { id: 's1', serverName: 'Home', serverAddress: 'http://127.0.0.1:9' },
        { id: 's2', serverName: 'Spare', serverAddress: 'http://127.0.0.1:11435', apiKey: 'new-spare-key-1' },
      ],
    })
    const cleared = await call('PUT', `/api/v1/settings/instances/${openaiView.id}`, {
      value: { api_key: '' },
    })
    expect((cleared.json() as Instance).value).toEqual({ api_key: '', _has_key: false, _key_valid: false })
  })

  it('keys are sealed at rest and never synced: no file under DATA_DIR holds one, pulls carry none, pushes keep them', async () => {
    await generatorOf('PUT', {
      kind: 'openai',
      base_url: `${c.url}/v1`,
      model: 'own-model',
      api_key: SETTINGS_KEY,
    })
    const openai = await putInstance('openai_api_keys_settings', { api_key: OPENAI_KEY })
    await putInstance('ollama_servers_settings', {
      servers: [
        { id: 's1', serverName: 'Home', serverAddress: 'http://127.0.0.1:11434', apiKey: SERVER_KEY },
      ],
    })
    expect(await storedInstance(openai.id)).toEqual({ api_key: OPENAI_KEY })
    const pulled = await pullText()
    expect(pulled).toContain('openai_api_keys_settings')
    for (const key of [SETTINGS_KEY, OPENAI_KEY, SERVER_KEY]) {
      expect(pulled).not.toContain(key)
      expect(filesHolding(quire.dataDir, key), key).toEqual([])
    }

    // A device pushes the settings (same endpoint, no key, as devices sync them) and an instance
    // carrying a key of its own (an older or careless client): the server keeps its key and logs none.
    const clock = new HlcClock('phone', () => Date.now())
    const hlc = () => clock.tick()
    const transport = httpSyncTransport({ baseUrl: quire.url, token: () => person.token })
    const pushed = await transport.push(`phone-${person.id}`, [
      {
        counter: 1,
        change: {
          kind: 'settings',
          id: 'settings',
          fields: {
            generator: {
              value: [{ kind: 'openai', base_url: `${c.url}/v1`, model: 'phone-model' }],
              hlc: hlc(),
            },
          },
          deleted: { value: false, hlc: hlc() },
        },
      },
      {
        counter: 2,
        change: {
          kind: 'record:setting_instance',
          id: openai.id,
          fields: { 'data.value': { value: [{ api_key: PUSHED_KEY, note: 'from the phone' }], hlc: hlc() } },
        },
      },
    ])
    expect(pushed.acked).toBe(2)
    expect(await generatorOf('GET')).toMatchObject({ model: 'phone-model', has_api_key: true })
    expect((await ask()).status).toBe(200)
    expect(c.lastAuthorization('/chat/completions')).toBe(`Bearer ${SETTINGS_KEY}`)
    expect(await storedInstance(openai.id)).toEqual({ api_key: OPENAI_KEY, note: 'from the phone' })
    expect(await pullText()).not.toContain(PUSHED_KEY)
    expect(filesHolding(quire.dataDir, PUSHED_KEY)).toEqual([])
  })

  /** The person's instance of the definition with this value, created or changed. */
  async function putInstance(definitionId: string, value: unknown): Promise<Instance> {
    const listed = await call('GET', `/api/v1/settings/instances?definition_id=${definitionId}`)
    const [existing] = listed.json() as Instance[]
    const written = existing
      ? await call('PUT', `/api/v1/settings/instances/${existing.id}`, { value })
      : await call('POST', '/api/v1/settings/instances', { definition_id: definitionId, value })
    expect(written.status, written.text).toBeLessThan(300)
    return written.json() as Instance
  }
})
