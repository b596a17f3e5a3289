import { describe, expect, it } from 'vitest'
import type { ConnectionResult, GeneratorInput } from '../api/settingsApi'
import { findLocalModels, generatorFor, USUAL_SERVERS } from './findLocalModels'

describe('findLocalModels', () => {
  it('asks every usual address once, and sorts what answered from what did not', async () => {
    const asked: GeneratorInput[] = []
    const search = await findLocalModels(async (generator) => {
      asked.push(generator)
      if (!('base_url' in generator)) throw new Error('unexpected')
      if (generator.base_url === 'http://localhost:11434')
        return { ok: true, detail: 'Connected', models: ['llama3.2', 'qwen2.5'] }
      if (generator.base_url === 'http://localhost:1234/v1')
        return { ok: false, detail: 'Model any not found', models: ['phi-4'] }
      throw new Error('Could not reach http://localhost:8080/v1: connection refused')
    })
    expect(asked).toEqual([
      { kind: 'ollama', base_url: 'http://localhost:11434', model: 'any' },
      { kind: 'openai', base_url: 'http://localhost:1234/v1', model: 'any', api_key: '' },
      { kind: 'openai', base_url: 'http://localhost:8080/v1', model: 'any', api_key: '' },
    ])
    expect(search.found.map((server) => [server.baseUrl, server.models])).toEqual([
      ['http://localhost:11434', ['llama3.2', 'qwen2.5']],
      ['http://localhost:1234/v1', ['phi-4']],
    ])
    expect(search.missed).toEqual([
      {
        server: USUAL_SERVERS[2],
        detail: 'Could not reach http://localhost:8080/v1: connection refused',
      },
    ])
  })

  it('counts a server that answers with no models as found (an Ollama with nothing pulled)', async () => {
    const search = await findLocalModels(
      async (): Promise<ConnectionResult> => ({ ok: true, detail: 'Connected', models: [] }),
      USUAL_SERVERS.slice(0, 1),
    )
    expect(search.found).toEqual([{ ...USUAL_SERVERS[0], models: [] }])
    expect(search.missed).toEqual([])
  })

  it('reports a refusal in the test’s own words', async () => {
    const search = await findLocalModels(
      async () => ({ ok: false, detail: 'Could not reach Ollama', models: [] }),
      USUAL_SERVERS.slice(0, 1),
    )
    expect(search.found).toEqual([])
    expect(search.missed[0]?.detail).toBe('Could not reach Ollama')
  })
})

describe('generatorFor', () => {
  it('saves an OpenAI-compatible server with no key, as a server on this computer needs none', () => {
    expect(generatorFor(USUAL_SERVERS[1]!, 'phi-4')).toEqual({
      kind: 'openai',
      base_url: 'http://localhost:1234/v1',
      model: 'phi-4',
      api_key: '',
    })
    expect(generatorFor(USUAL_SERVERS[0]!, 'llama3.2')).toEqual({
      kind: 'ollama',
      base_url: 'http://localhost:11434',
      model: 'llama3.2',
    })
  })
})
