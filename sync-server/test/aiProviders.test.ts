import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callJson } from './callJson'
import { filesHolding } from './filesHolding'
import { startFakeModelServer, type FakeModelServer } from './fakes/fakeModelServer'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

type Json = Record<string, unknown>
const OPENAI_KEY = 'sk-openai-secret-0123456789'
const ANTHROPIC_KEY = 'sk-ant-secret-0123456789'
const OLLAMA_KEY = 'ollama-proxy-secret-0123'

/** `data:` values of an SSE body, `[DONE]` as the string it is. */
function dataEvents(text: string): unknown[] {
  return text
    .split('\n\n')
    .map((frame) =>
      frame
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6),
    )
    .filter((data): data is string => data !== undefined)
    .map((data) => (data === '[DONE]' ? data : JSON.parse(data)))
}

const contentOf = (events: unknown[]) =>
  events
    .map((e) => (e as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content)
    .filter((c): c is string => typeof c === 'string')

describe('/api/v1/ai over real HTTP, against fake model servers (single-user server)', () => {
  let quire: Awaited<ReturnType<typeof startTestServer>>
  let openai: FakeModelServer
  let ollama: FakeModelServer
  let anthropic: FakeModelServer
  let down: string

  const api = (method: string, path: string, json?: unknown) => callJson(quire.url, method, path, json)

  beforeAll(async () => {
    ;[openai, ollama, anthropic] = await Promise.all([
      startFakeModelServer('openai'),
      startFakeModelServer('ollama'),
      startFakeModelServer('anthropic'),
    ])
    openai.key = OPENAI_KEY
    anthropic.key = ANTHROPIC_KEY
    // A port nothing listens on: a server that is down.
    const closed = await startFakeModelServer('ollama')
    down = closed.url
    await closed.close()
    // Connection tests and model lists give up at 3 s here (CONNECTION_TEST_TIMEOUT_MS is 15 s).
    quire = await startTestServer({ config: { connectionTestMs: 3000 } })
    const save = async (provider: string, config: Json) =>
      expect([200, 201]).toContain(
        (await api('POST', '/api/v1/ai/settings/providers', { provider, config })).status,
      )
    await save('ollama', {
      servers: [
        { id: 'home', serverName: 'Home', serverAddress: ollama.url, apiKey: OLLAMA_KEY },
        { id: 'gone', serverName: 'Gone', serverAddress: down, apiKey: '' },
      ],
    })
    await save('openai', { api_key: OPENAI_KEY, base_url: `${openai.url}/v1` })
    await save('claude', { api_key: ANTHROPIC_KEY, base_url: anthropic.url })
  }, scaledTimeout(30_000))
  afterAll(async () => {
    await quire?.stop()
    await Promise.all([openai?.close(), ollama?.close(), anthropic?.close()])
  })
  beforeEach(() => {
    for (const fake of [openai, ollama, anthropic]) fake.reset()
  })

  it('lists the providers; WebLLM is unavailable on the server, with the reason', async () => {
    const { status, body } = await api('GET', '/api/v1/ai/providers/providers')
    expect(status).toBe(200)
    expect(body.providers).toEqual(['ollama', 'openai', 'anthropic'])
    const webllm = (body.details as Json[]).find((d) => d.id === 'webllm')
    expect(webllm).toMatchObject({ available: false, reason: expect.stringMatching(/only in the browser/) })
  })

  it('never answers a key: settings, servers, instances and every /ai answer', async () => {
    const reads = await Promise.all([
      api('GET', '/api/v1/ai/settings/providers'),
      api('GET', '/api/v1/ai/settings/servers/ollama_servers_settings'),
      api('GET', '/api/v1/ai/settings/servers/openai_api_keys_settings'),
      api('GET', '/api/v1/settings/instances'),
      api('GET', '/api/v1/ai/providers/all-models'),
      api('GET', '/api/v1/ai/providers/models?provider=openai'),
    ])
    for (const read of reads) {
      expect(read.status).toBe(200)
      for (const key of [OPENAI_KEY, ANTHROPIC_KEY, OLLAMA_KEY]) expect(read.text).not.toContain(key)
    }
    // Saved through /ai/settings, they are sealed at rest like every key (no file holds one in clear).
    for (const key of [OPENAI_KEY, ANTHROPIC_KEY, OLLAMA_KEY])
      expect(filesHolding(quire.dataDir, key)).toEqual([])
    const servers = reads[1]!.body.servers as Json[]
    expect(servers).toEqual([
      { id: 'home', serverName: 'Home', serverAddress: ollama.url, hasKey: true },
      { id: 'gone', serverName: 'Gone', serverAddress: down, hasKey: false },
    ])
    expect(reads[2]!.body.servers).toEqual([
      {
        id: 'openai_default_server',
        serverName: 'OpenAI-compatible API',
        serverAddress: `${openai.url}/v1`,
        hasKey: true,
      },
    ])
    const instances = (reads[0]!.body.instances as Json[]).map((i) => [
      i.provider,
      (i.config as Json)._has_key,
    ])
    expect(instances).toEqual([
      ['ollama', undefined],
      ['openai', true],
      ['anthropic', true],
    ])
  })

  it('validate is a real connection test, with the reason when it fails', async () => {
    const ok = await api('POST', '/api/v1/ai/providers/validate', {
      provider: 'openai',
      config: { server_url: openai.url, api_key: OPENAI_KEY },
    })
    expect(ok.body).toMatchObject({ valid: true, status: 'connected', models: openai.models })
    expect(openai.received[0]).toMatchObject({ path: '/v1/models' })

    const wrongKey = await api('POST', '/api/v1/ai/providers/validate', {
      provider: 'openai',
      config: { server_url: openai.url, api_key: 'sk-wrong-key-987654321' },
    })
    expect(wrongKey.body).toMatchObject({ valid: false, status: 'error' })
    expect(String(wrongKey.body.message)).toMatch(/answered 401.*Check the API key/)
    expect(wrongKey.text).not.toContain('sk-wrong-key-987654321')

    const unreachable = await api('POST', '/api/v1/ai/providers/validate', {
      provider: 'ollama',
      config: { server_url: down },
    })
    expect(unreachable.body.message).toBe(
      `Could not reach Ollama at ${down} (connection refused; is it running?).`,
    )

    // An Ollama address given as an Anthropic server: not that kind of server.
    const wrongKind = await api('POST', '/api/v1/ai/providers/validate', {
      provider: 'anthropic',
      config: { server_url: ollama.url, api_key: ANTHROPIC_KEY },
    })
    expect(wrongKind.body.valid).toBe(false)
    expect(String(wrongKind.body.message)).toMatch(/sent an unexpected answer .*is the base URL right\?/)
    expect(wrongKind.text).not.toContain('Not here')
  })

  it(
    'a server that accepts and never answers is reported after the listing time limit, not waited on for minutes',
    async () => {
      const silent = await startFakeModelServer('openai')
      silent.silent = true
      try {
        const started = Date.now()
        const result = await api('POST', '/api/v1/ai/providers/validate', {
          provider: 'openai',
          config: { server_url: silent.url },
        })
        expect(result.body).toMatchObject({ valid: false })
        expect(result.body.message).toBe(
          `OpenAI-compatible at ${silent.url} did not list its models within 3 s.`,
        )
        expect(Date.now() - started).toBeLessThan(scaledTimeout(15_000))
        expect(silent.received).toHaveLength(1)
      } finally {
        await silent.close()
      }
    },
    scaledTimeout(20_000),
  )

  it('models per provider and server; unknown settings or server ids are 404', async () => {
    const models = await api(
      'GET',
      '/api/v1/ai/providers/models?provider=ollama&settings_id=ollama_servers_settings&server_id=home',
    )
    expect(models.status).toBe(200)
    expect(models.body.models).toEqual(
      ollama.models.map((name) =>
        expect.objectContaining({
          id: name,
          name,
          provider: 'ollama',
          server_id: 'home',
          server_name: 'Home',
        }),
      ),
    )
    // settings_id may be the instance id too (with or without hyphens).
    const instances = (await api('GET', '/api/v1/ai/settings/providers')).body.instances as Json[]
    const ollamaInstance = String(instances.find((i) => i.provider === 'ollama')?.id)
    const byInstance = await api(
      'GET',
      `/api/v1/ai/providers/models?provider=ollama&settings_id=${ollamaInstance.replaceAll('-', '')}&server_id=home`,
    )
    expect(byInstance.body.models).toEqual(models.body.models)
    const claude = await api('GET', '/api/v1/ai/providers/models?provider=claude')
    expect((claude.body.models as Json[]).map((m) => m.id)).toEqual(anthropic.models)
    expect(anthropic.received[0]?.headers['x-api-key']).toBe(ANTHROPIC_KEY)

    const unknownServer = await api('GET', '/api/v1/ai/providers/models?provider=ollama&server_id=nope')
    expect(unknownServer.status).toBe(404)
    expect(unknownServer.body.detail).toMatch(
      /No Ollama server with id 'nope'. Configured: Home \(id home\), Gone/,
    )
    const unknownSettings = await api(
      'GET',
      '/api/v1/ai/providers/models?provider=ollama&settings_id=no_such_settings',
    )
    expect(unknownSettings.status).toBe(404)
    const downServer = await api('GET', '/api/v1/ai/providers/models?provider=ollama&server_id=gone')
    expect(downServer.status).toBe(502)
    expect(downServer.body.detail).toMatch(/Could not reach Ollama/)
  })

  it('all-models lists every server’s models; the one that is down is listed beside with its error', async () => {
    const { status, body } = await api('GET', '/api/v1/ai/providers/all-models')
    expect(status).toBe(200)
    const ids = (body.models as Json[]).map(
      (m) => `${String(m.provider)}/${String(m.server_id)}/${String(m.id)}`,
    )
    expect(ids.sort()).toEqual(
      [
        ...ollama.models.map((m) => `ollama/home/${m}`),
        ...openai.models.map((m) => `openai/openai_default_server/${m}`),
        ...anthropic.models.map((m) => `anthropic/claude_default_server/${m}`),
      ].sort(),
    )
    expect(body.server_errors).toEqual([
      expect.objectContaining({
        provider: 'ollama',
        server_id: 'gone',
        detail: expect.stringMatching(/Could not reach/),
      }),
    ])
    expect(body.errors).toEqual([expect.stringMatching(/ollama server gone/)])
    expect(body.summary).toMatchObject({
      total_providers_checked: 4,
      successful_providers: 3,
      failed_providers: 1,
    })
  })

  it('chat streams chunks in order ending with [DONE], and stores the exchange in a new conversation', async () => {
    const reply = await api('POST', '/api/v1/ai/providers/chat', {
      provider: 'openai',
      settings_id: 'openai_api_keys_settings',
      server_id: 'openai_default_server',
      model: 'openai-small',
      messages: [{ role: 'user', content: 'Tell me in pieces' }],
      params: { temperature: 0.3, max_tokens: 50 },
      stream: true,
      conversation_id: null,
      user_id: 'current',
    })
    expect(reply.status).toBe(200)
    const events = dataEvents(reply.text)
    expect(events.at(-1)).toBe('[DONE]')
    const first = events[0] as Json
    expect(first).toMatchObject({ type: 'conversation', conversation_id: expect.any(String) })
    expect(contentOf(events)).toEqual(openai.pieces)
    expect((events.at(-2) as Json).choices).toEqual([expect.objectContaining({ finish_reason: 'stop' })])
    expect(openai.received[0]?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`)
    expect(openai.received[0]?.body).toMatchObject({
      model: 'openai-small',
      temperature: 0.3,
      max_tokens: 50,
    })
    const messages = await api('GET', `/api/v1/conversations/${String(first.conversation_id)}/messages`)
    expect((messages.body as unknown as Json[]).map((m) => [m.sender, m.message])).toEqual([
      ['user', 'Tell me in pieces'],
      ['assistant', openai.pieces.join('')],
    ])
    // The server's name, as BrainDrive stores it: its Chat plugin finds the model again by server name
    // and model when the conversation is opened from its history (with an id it chose server 'unknown').
    const conversation = await api(
      'GET',
      `/api/v1/conversations/${String(first.conversation_id)}/with-persona`,
    )
    expect(conversation.body).toMatchObject({ model: 'openai-small', server: 'OpenAI-compatible API' })
  })

  it('chat with a conversation and a persona: the model sees the history after the persona’s prompt, with its temperature', async () => {
    const persona = await api('POST', '/api/v1/personas', {
      name: 'Pirate',
      system_prompt: 'You talk like a pirate.',
      model_settings: { temperature: 0.9, max_tokens: 77 },
    })
    const conversation = await api('POST', '/api/v1/conversations', { title: 'Sea' })
    const id = String(conversation.body.id)
    await api('POST', `/api/v1/conversations/${id}/messages`, { sender: 'user', message: 'Ahoy?' })
    await api('POST', `/api/v1/conversations/${id}/messages`, { sender: 'assistant', message: 'Arr.' })
    const reply = await api('POST', '/api/v1/ai/providers/chat', {
      provider: 'ollama',
      settings_id: 'ollama_servers_settings',
      server_id: 'home',
      model: 'ollama-small',
      messages: [{ role: 'user', content: 'Where is the treasure?' }],
      params: { temperature: 0.1 },
      conversation_id: id.replaceAll('-', ''),
      persona_id: String(persona.body.id),
      stream: false,
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ conversation_id: id, text: ollama.pieces.join('') })
    expect(ollama.received[0]?.body).toMatchObject({
      model: 'ollama-small',
      messages: [
        { role: 'system', content: 'You talk like a pirate.' },
        { role: 'user', content: 'Ahoy?' },
        { role: 'assistant', content: 'Arr.' },
        { role: 'user', content: 'Where is the treasure?' },
      ],
      options: { temperature: 0.9, num_predict: 77 },
    })
    const messages = (await api('GET', `/api/v1/conversations/${id}/messages`)).body as unknown as Json[]
    expect(messages.map((m) => m.sender)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(messages.at(-1)?.message_metadata).toMatchObject({
      model: 'ollama-small',
      persona_id: persona.body.id,
    })
  })

  it('generate streams from Anthropic with its key and version; whole JSON without stream', async () => {
    const streamed = await api('POST', '/api/v1/ai/providers/generate', {
      provider: 'anthropic',
      model: 'anthropic-small',
      prompt: 'Write',
      stream: true,
    })
    const events = dataEvents(streamed.text)
    expect(contentOf(events)).toEqual(anthropic.pieces)
    expect(events.at(-1)).toBe('[DONE]')
    expect(anthropic.received[0]?.headers['anthropic-version']).toBe('2023-06-01')
    const whole = await api('POST', '/api/v1/ai/providers/generate', {
      provider: 'openai',
      model: 'openai-small',
      prompt: 'Write',
    })
    expect(whole.body).toMatchObject({
      text: openai.pieces.join(''),
      choices: [{ text: openai.pieces.join('') }],
    })
  })

  it('a server that drops mid-stream: the client gets an error event, then [DONE]; nothing is stored', async () => {
    openai.dropAfter = 2
    const reply = await api('POST', '/api/v1/ai/providers/chat', {
      provider: 'openai',
      model: 'openai-small',
      messages: [{ role: 'user', content: 'Go' }],
      stream: true,
    })
    const events = dataEvents(reply.text)
    expect(contentOf(events)).toEqual(openai.pieces.slice(0, 2))
    expect(events.at(-2)).toMatchObject({
      error: true,
      status: 502,
      message: expect.stringMatching(/stopped mid-answer/),
    })
    expect(events.at(-1)).toBe('[DONE]')
    const id = String((events[0] as Json).conversation_id)
    expect((await api('GET', `/api/v1/conversations/${id}/messages`)).body).toEqual([])
  })

  it('a wrong key: 502 with the provider’s 401 and a clear detail, the key not echoed', async () => {
    await api('POST', '/api/v1/ai/settings/providers', {
      provider: 'openai',
      config: { api_key: 'sk-stale-key-11112222', base_url: `${openai.url}/v1` },
    })
    const reply = await api('POST', '/api/v1/ai/providers/chat', {
      provider: 'openai',
      model: 'openai-small',
      messages: [{ role: 'user', content: 'Go' }],
    })
    expect(reply.status).toBe(502)
    expect(reply.body.detail).toMatch(
      /answered 401: Incorrect API key provided: Bearer \[API key\] Check the API key/,
    )
    expect(reply.text).not.toContain('sk-stale-key-11112222')
    await api('POST', '/api/v1/ai/settings/providers', {
      provider: 'openai',
      config: { api_key: OPENAI_KEY, base_url: `${openai.url}/v1` },
    })
  })

  it('cancel by conversation id stops the answer and the upstream request (the fake sees it close); what was said is stored, stopped', async () => {
    openai.delayMs = 300
    const response = await fetch(`${quire.url}/api/v1/ai/providers/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        provider: 'openai',
        model: 'openai-small',
        messages: [{ role: 'user', content: 'Slowly' }],
        stream: true,
      }),
    })
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    while (!text.includes('"content"')) text += decoder.decode((await reader.read()).value)
    const conversationId = String((dataEvents(text)[0] as Json).conversation_id)
    const cancel = await api('POST', '/api/v1/ai/providers/cancel', { conversation_id: conversationId })
    expect(cancel.body).toEqual({ status: 'success', cancelled: true, message: 'Generation cancelled' })
    await openai.closedEarly
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value)
    }
    const events = dataEvents(text)
    expect(events.at(-1)).toBe('[DONE]')
    expect((events.at(-2) as Json).choices).toEqual([expect.objectContaining({ finish_reason: 'cancelled' })])
    expect(contentOf(events).length).toBeLessThan(openai.pieces.length)
    const messages = (await api('GET', `/api/v1/conversations/${conversationId}/messages`))
      .body as unknown as Json[]
    expect(messages.at(-1)).toMatchObject({ sender: 'assistant', message_metadata: { stopped: true } })
    const again = await api('POST', '/api/v1/ai/providers/cancel', { conversation_id: conversationId })
    expect(again.body.cancelled).toBe(false)
  })

  it('refuses bad input with a clear detail', async () => {
    const chat = (body: Json) => api('POST', '/api/v1/ai/providers/chat', body)
    const good = { provider: 'openai', model: 'openai-small', messages: [{ role: 'user', content: 'x' }] }
    const badProvider = await chat({ ...good, provider: 'groq' })
    expect(badProvider.status).toBe(422)
    expect(JSON.stringify(badProvider.body.detail)).toMatch(/Unknown provider 'groq'/)
    const noModel = await chat({ ...good, model: undefined })
    expect(noModel.status).toBe(422)
    expect((noModel.body.detail as Json[])[0]).toMatchObject({ loc: ['body', 'model'] })
    const badRole = await chat({ ...good, messages: [{ role: 'wizard', content: 'x' }] })
    expect(badRole.status).toBe(422)
    expect((badRole.body.detail as Json[])[0]).toMatchObject({ loc: ['body', 'messages', 0, 'role'] })
    const noMessages = await chat({ ...good, messages: [] })
    expect(noMessages.status).toBe(422)
    const webllm = await chat({ ...good, provider: 'webllm' })
    expect(webllm.status).toBe(400)
    expect(webllm.body.detail).toMatch(/WebLLM runs only in the browser/)
    const unknownConversation = await chat({
      ...good,
      conversation_id: '00000000-0000-4000-8000-00000000abcd',
    })
    expect(unknownConversation.status).toBe(404)
    const unknownPersona = await chat({ ...good, persona_id: '00000000-0000-4000-8000-00000000abcd' })
    expect(unknownPersona.status).toBe(404)
    const ftp = await api('POST', '/api/v1/ai/providers/validate', {
      provider: 'ollama',
      config: { server_url: 'ftp://example.com' },
    })
    expect(ftp.status).toBe(422)
    expect((ftp.body.detail as Json[])[0]).toMatchObject({ loc: ['body', 'config', 'server_url'] })
    const badServer = await api('POST', '/api/v1/ai/settings/providers', {
      provider: 'ollama',
      config: { servers: [{ id: 'x', serverName: 'X', serverAddress: 'file:///etc/passwd' }] },
    })
    expect(badServer.status).toBe(422)
    expect((badServer.body.detail as Json[])[0]).toMatchObject({
      loc: ['body', 'config', 'servers', 0, 'serverAddress'],
    })
    expect((await api('DELETE', '/api/v1/ai/settings/providers/groq/whatever')).status).toBe(404)
    expect((await api('GET', '/api/v1/ai/settings/servers/no_such_settings')).status).toBe(404)
    const noId = await api('POST', '/api/v1/ai/providers/cancel', {})
    expect(noId.status).toBe(422)
  })
})
