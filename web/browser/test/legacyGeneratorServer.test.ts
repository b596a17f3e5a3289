import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import { createGeneration } from '../../core/chat/createGeneration'
import { SettingsService } from '../../core/settings/SettingsService'
import { answerSource } from '../../core/testing/answerSource'
import {
  legacyGeneratorServer,
  registryFormOf,
  type RegistryServerRef,
} from '../../core/generate/legacyGeneratorServer'

const servers: RegistryServerRef[] = [
  {
    provider: 'ollama',
    settings_id: 'ollama_servers_settings',
    id: 'gpu',
    serverAddress: 'http://GPU.lan:11434/',
  },
  {
    provider: 'openai',
    settings_id: 'openai_api_keys_settings',
    id: 'groq',
    serverAddress: 'https://api.groq.com/openai/v1',
  },
  { provider: 'openai', id: 'local', serverAddress: 'http://127.0.0.1:8080' },
]

describe('a generator saved before the registry', () => {
  it('names its server in the registry’s terms', () => {
    expect(
      legacyGeneratorServer({ kind: 'ollama', base_url: 'http://gpu.lan:11434', model: 'llama3.2' }),
    ).toEqual({
      provider: 'ollama',
      serverAddress: 'http://gpu.lan:11434',
      model: 'llama3.2',
    })
    expect(legacyGeneratorServer({ kind: 'extractive' })).toBeUndefined()
    expect(legacyGeneratorServer({ kind: 'provider', provider: 'ollama', model: 'm' })).toBeUndefined()
  })

  it('maps onto the person’s server at the same endpoint, normalised as the model normalises it', () => {
    expect(
      registryFormOf({ kind: 'ollama', base_url: 'http://gpu.lan:11434', model: 'llama3.2' }, servers),
    ).toEqual({
      kind: 'provider',
      provider: 'ollama',
      settings_id: 'ollama_servers_settings',
      server_id: 'gpu',
      model: 'llama3.2',
    })
    // The OpenAI-compatible model adds `/v1`: with or without it, one endpoint.
    expect(
      registryFormOf(
        { kind: 'openai', base_url: 'http://127.0.0.1:8080/v1/', model: 'qwen', api_key: 'k' },
        servers,
      ),
    ).toEqual({ kind: 'provider', provider: 'openai', server_id: 'local', model: 'qwen' })
  })

  it('stays as it is when no server is that endpoint (another provider, path or port)', () => {
    expect(
      registryFormOf({ kind: 'openai', base_url: 'http://gpu.lan:11434', model: 'm' }, servers),
    ).toBeUndefined()
    expect(
      registryFormOf({ kind: 'ollama', base_url: 'http://gpu.lan:11435', model: 'm' }, servers),
    ).toBeUndefined()
    expect(
      registryFormOf({ kind: 'openai', base_url: 'https://api.groq.com/v1', model: 'm' }, servers),
    ).toBeUndefined()
    expect(registryFormOf({ kind: 'extractive' }, servers)).toBeUndefined()
  })
})

describe('settings saved before the upgrade', () => {
  it('are read back as they were and still answer through their own endpoint', async () => {
    const store = new DexieStore(
      new QuireDatabase('legacy-generator', { indexedDB: new IDBFactory(), IDBKeyRange }),
    )
    const saved = {
      kind: 'openai',
      base_url: 'http://llm.lan:8000',
      model: 'qwen',
      api_key: 'sk-saved-key-1234',
    }
    // Written as the previous version wrote it: the store's plain settings value.
    await store.settings.putSettings({ embedder: { id: 'hash-v1' }, generator: saved })
    const settings = await new SettingsService(store).get()
    expect(settings.generator).toEqual(saved)

    const seen: Array<{ url: string; authorization: string | null }> = []
    const fetch: typeof globalThis.fetch = async (input, init) => {
      seen.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') })
      return new Response(
        `data: ${JSON.stringify({ choices: [{ delta: { content: 'Still here [1].' } }] })}\n\ndata: [DONE]\n\n`,
        {
          headers: { 'content-type': 'text/event-stream' },
        },
      )
    }
    const generator = createGeneration({ fetch }).answerGenerator(settings.generator)
    let text = ''
    for await (const piece of generator.answer({
      question: 'Still there?',
      history: [],
      sources: [answerSource(1, 'Yes.', { filename: 'f.md' })],
    }))
      text += piece
    expect(text).toBe('Still here [1].')
    expect(seen).toEqual([
      { url: 'http://llm.lan:8000/v1/chat/completions', authorization: 'Bearer sk-saved-key-1234' },
    ])
  })
})
