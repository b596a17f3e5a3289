import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callJson } from './callJson'
import { startFakeOpenAi, type FakeOpenAi } from './fakeOpenAi'
import { seedChatSession } from './seedChatSession'
import { startTestServer } from './startTestServer'

type Json = Record<string, unknown>

const NOTES = '# Lumen\n\nLumen is a lightweight text editor for writers, first released in 2019.\n'
const KEY = 'sk-lab-secret-key-9876'

/**
 * The document chat and the conversations reply answer through the provider registry: the generator
 * setting names a server of the person's OpenAI-compatible list (a setting instance with its key), and
 * the request reaches that server's address with that key, over real HTTP.
 */
describe('the document chat through the provider registry', () => {
  let quire: Awaited<ReturnType<typeof startTestServer>>
  let fake: FakeOpenAi
  let sessionId: string

  const api = (method: string, path: string, json?: unknown) => callJson(quire.url, method, path, json)
  const saveServers = (servers: Json[]) =>
    api('POST', '/api/v1/settings/instances', {
      definition_id: 'openai_api_keys_settings',
      name: 'OpenAI-compatible servers',
      value: { servers },
      scope: 'user',
      user_id: 'current',
    })
  const chooseLab = () =>
    api('PUT', '/api/settings', {
      generator: {
        kind: 'provider',
        provider: 'openai',
        settings_id: 'openai_api_keys_settings',
        server_id: 'lab',
        model: 'own-model',
      },
    })

  beforeAll(async () => {
    fake = await startFakeOpenAi()
    quire = await startTestServer()
    ;({ sessionId } = await seedChatSession(quire, { collection: 'Editors', file: 'lumen.md', text: NOTES }))
    const saved = await saveServers([
      { id: 'lab', serverName: 'Lab', serverAddress: `${fake.url}/v1`, apiKey: KEY },
    ])
    expect(saved.status).toBe(201)
  })
  afterAll(async () => {
    await quire?.stop()
    await fake?.close()
  })

  it('streams the answer from the chosen server with its key, and the settings never show the key', async () => {
    const chosen = await chooseLab()
    expect(chosen.status).toBe(200)
    expect(chosen.body.generator).toEqual({
      kind: 'provider',
      provider: 'openai',
      settings_id: 'openai_api_keys_settings',
      server_id: 'lab',
      model: 'own-model',
    })
    const streamed = await fetch(`${quire.url}/api/chat/stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId, message: 'What is Lumen?' }),
    })
    expect(streamed.status).toBe(200)
    const text = await streamed.text()
    expect(text).toContain('event: token')
    const done = text
      .split('\n\n')
      .find((event) => event.startsWith('event: done'))
      ?.split('\ndata: ')[1]
    const message = (JSON.parse(done ?? '{}') as { message?: Json }).message ?? {}
    expect(message.content).toBe('Answered [1].')
    expect((message.metadata as Json).generator).toBe('openai:own-model')
    expect(JSON.stringify((message.metadata as Json).source_documents)).toContain('lumen.md')
    expect(fake.seen.at(-1)?.path).toBe('/v1/chat/completions')
    expect(fake.lastAuthorization('/chat/completions')).toBe(`Bearer ${KEY}`)
    expect((await api('GET', '/api/settings')).text).not.toContain(KEY)
  })

  it('answers a conversation with the same model (the conversations screen)', async () => {
    await chooseLab()
    const created = await api('POST', '/api/v1/conversations', { title: 'Plain chat' })
    const id = String(created.body.id)
    await api('POST', `/api/v1/conversations/${id}/messages`, { sender: 'user', message: 'Hello?' })
    const before = fake.seen.length
    const reply = await api('POST', `/api/v1/conversations/${id}/reply`)
    expect(reply.status).toBe(201)
    expect(reply.body).toMatchObject({ sender: 'assistant', message: 'Answered [1].' })
    expect(fake.seen.length).toBe(before + 1)
    expect(fake.lastAuthorization('/chat/completions')).toBe(`Bearer ${KEY}`)
  })

  it('a conversation that names its own model and server is answered by it, not by Settings’ choice', async () => {
    await chooseLab()
    const created = await api('POST', '/api/v1/conversations', {
      title: 'Own model',
      model: 'op-model',
      server: 'lab',
    })
    const id = String(created.body.id)
    await api('POST', `/api/v1/conversations/${id}/messages`, { sender: 'user', message: 'Hello?' })
    const reply = await api('POST', `/api/v1/conversations/${id}/reply`)
    expect(reply.status).toBe(201)
    expect(reply.body.message_metadata).toMatchObject({ model: 'openai:op-model' })

    // Named by the server's name, as BrainDrive's /ai/providers/chat stores it: the same server answers.
    await api('PUT', `/api/v1/conversations/${id}`, { server: 'Lab' })
    await api('POST', `/api/v1/conversations/${id}/messages`, { sender: 'user', message: 'Again?' })
    const byName = await api('POST', `/api/v1/conversations/${id}/reply`)
    expect(byName.status).toBe(201)
    expect(byName.body.message_metadata).toMatchObject({ model: 'openai:op-model' })

    await api('PUT', `/api/v1/conversations/${id}`, { server: 'gone' })
    const refused = await api('POST', `/api/v1/conversations/${id}/reply`)
    expect(refused.status).toBe(409)
    expect(String(refused.body.detail)).toMatch(
      /op-model on server gone, which is no longer among your servers/u,
    )
  })

  it('a server removed since it was chosen: 502 saying why, nothing stored', async () => {
    await chooseLab()
    await saveServers([])
    const reply = await api('POST', '/api/chat/message', { session_id: sessionId, message: 'What is Lumen?' })
    expect(reply.status).toBe(502)
    expect(String(reply.body.detail)).toMatch(
      /^The model chosen in Settings \(openai:own-model\) cannot be used: .*(server|configured)/u,
    )
    await saveServers([{ id: 'lab', serverName: 'Lab', serverAddress: `${fake.url}/v1`, apiKey: KEY }])
    const back = await api('POST', '/api/chat/message', { session_id: sessionId, message: 'What is Lumen?' })
    expect(back.status).toBe(200)
    expect(back.body.content).toBe('Answered [1].')
  })
})
