import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseOutboundAllow } from '../src/outbound/outboundAllow'
import { callJson } from './callJson'
import { startFakeModelServer, type FakeModelServer } from './fakes/fakeModelServer'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

type Json = Record<string, unknown>
const REFUSED = 'which this server does not reach; an operator can allow it with OUTBOUND_ALLOW'

/**
 * /api/v1/ai with accounts: every provider URL goes through the outbound policy (a private address
 * is refused, with the policy's reason, and the server never connects), one operator-allowed server
 * is reached, and one person's generations, settings and conversations are out of another's reach.
 */
describe('/api/v1/ai in multi-user mode', () => {
  let quire: Awaited<ReturnType<typeof startTestServer>>
  let refused: FakeModelServer
  let allowed: FakeModelServer
  let a: TestUser
  let b: TestUser

  const api = (user: TestUser, method: string, path: string, json?: unknown) =>
    callJson(quire.url, method, path, json, user.auth)

  beforeAll(async () => {
    ;[refused, allowed] = await Promise.all([startFakeModelServer('ollama'), startFakeModelServer('openai')])
    const port = new URL(allowed.url).port
    quire = await startTestServer({
      accounts: true,
      outbound: { allow: parseOutboundAllow(`127.0.0.1:${port}`) },
    })
    a = await signUpForTest(quire.url, 'aiperson-a')
    b = await signUpForTest(quire.url, 'aiperson-b')
    expect(
      (
        await api(a, 'POST', '/api/v1/ai/settings/providers', {
          provider: 'ollama',
          config: { servers: [{ id: 'lan', serverName: 'LAN', serverAddress: refused.url }] },
        })
      ).status,
    ).toBe(200)
    await api(a, 'POST', '/api/v1/ai/settings/providers', {
      provider: 'openai',
      config: { base_url: allowed.url, api_key: 'sk-a-only-key-12345678' },
    })
  }, scaledTimeout(30_000))
  afterAll(async () => {
    await quire?.stop()
    await Promise.all([refused?.close(), allowed?.close()])
  })

  it('refuses a provider on a private address with the policy’s reason, and never connects to it', async () => {
    const validate = await api(a, 'POST', '/api/v1/ai/providers/validate', {
      provider: 'ollama',
      config: { server_url: refused.url },
    })
    expect(validate.body).toMatchObject({ valid: false, status: 'error' })
    expect(validate.body.message).toBe(
      `Could not reach Ollama at ${refused.url} (127.0.0.1 is a loopback address, ${REFUSED}).`,
    )
    // A refusal by the policy is the address's fault, not an outage: 400 naming the rule (issue 31, item 9).
    const models = await api(a, 'GET', '/api/v1/ai/providers/models?provider=ollama&server_id=lan')
    expect(models.status).toBe(400)
    expect(models.body.detail).toContain(REFUSED)
    const chat = await api(a, 'POST', '/api/v1/ai/providers/chat', {
      provider: 'ollama',
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
    })
    expect(chat.status).toBe(400)
    const all = await api(a, 'GET', '/api/v1/ai/providers/all-models')
    expect(all.body.server_errors).toEqual([
      expect.objectContaining({ server_id: 'lan', detail: expect.stringContaining(REFUSED) }),
    ])
    expect((all.body.models as Json[]).map((m) => m.server_id)).toEqual(
      allowed.models.map(() => 'openai_default_server'),
    )
    expect(refused.received).toEqual([])
  })

  it('another person sees none of it: B has no servers, A’s settings id is 404, and B cannot cancel A’s generation', async () => {
    allowed.reset()
    expect((await api(b, 'GET', '/api/v1/ai/settings/providers')).text).not.toContain('LAN')
    const servers = await api(b, 'GET', '/api/v1/ai/settings/servers/openai_api_keys_settings')
    expect(servers.status).toBe(404)
    const aInstances = (await api(a, 'GET', '/api/v1/ai/settings/providers')).body.instances as Json[]
    const aOpenAi = String(aInstances.find((i) => i.provider === 'openai')?.id)
    const borrowed = await api(b, 'POST', '/api/v1/ai/providers/generate', {
      provider: 'openai',
      settings_id: aOpenAi,
      model: 'openai-small',
      prompt: 'Use A’s key',
    })
    expect(borrowed.status).toBe(404)
    expect(allowed.received).toEqual([])

    allowed.delayMs = 150
    const streaming = fetch(`${quire.url}/api/v1/ai/providers/chat`, {
      method: 'POST',
      headers: { ...a.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        provider: 'openai',
        model: 'openai-small',
        messages: [{ role: 'user', content: 'Mine' }],
        stream: true,
      }),
    })
    const response = await streaming
    const reader = response.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    const conversationId = String(JSON.parse(first.split('\n')[0]!.slice(6)).conversation_id)
    const cancel = await api(b, 'POST', '/api/v1/ai/providers/cancel', { conversation_id: conversationId })
    expect(cancel.body.cancelled).toBe(false)
    let text = first
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    expect(text).toContain('"finish_reason":"stop"')
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true)
    expect((await api(b, 'GET', `/api/v1/conversations/${conversationId}/messages`)).status).toBe(404)
    expect(allowed.received.at(-1)?.headers.authorization).toBe('Bearer sk-a-only-key-12345678')
  })
})
