import { describe, expect, it } from 'vitest'
import { generatorId, generatorSettingsSchema } from './GeneratorSettings'

describe('generatorSettingsSchema', () => {
  it('accepts each kind, trimming model names', () => {
    expect(generatorSettingsSchema.parse({ kind: 'extractive' })).toEqual({ kind: 'extractive' })
    expect(
      generatorSettingsSchema.parse({
        kind: 'openai',
        base_url: 'https://api.openai.com/v1',
        model: ' gpt-4o-mini ',
        api_key: 'sk-1',
      }),
    ).toEqual({
      kind: 'openai',
      base_url: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      api_key: 'sk-1',
    })
    expect(
      generatorSettingsSchema.parse({
        kind: 'ollama',
        base_url: 'http://localhost:11434',
        model: 'llama3.2',
      }),
    ).toEqual({
      kind: 'ollama',
      base_url: 'http://localhost:11434',
      model: 'llama3.2',
    })
    expect(
      generatorSettingsSchema.parse({ kind: 'webllm', model: 'Llama-3.2-1B-Instruct-q4f16_1-MLC' }).kind,
    ).toBe('webllm')
  })

  it('rejects unknown kinds, non-http URLs and missing models, naming the field', () => {
    expect(generatorSettingsSchema.safeParse({ kind: 'gpt' }).success).toBe(false)
    for (const base_url of ['ftp://host', 'localhost:11434', 'javascript:alert(1)', '']) {
      const result = generatorSettingsSchema.safeParse({ kind: 'ollama', base_url, model: 'm' })
      expect(result.success, base_url).toBe(false)
      expect(result.error?.issues[0]?.path).toEqual(['base_url'])
    }
    const noModel = generatorSettingsSchema.safeParse({
      kind: 'openai',
      base_url: 'http://127.0.0.1:8080',
      model: '  ',
    })
    expect(noModel.error?.issues[0]?.path).toEqual(['model'])
  })

  it('accepts a model of the provider registry, its settings and server ids optional', () => {
    expect(
      generatorSettingsSchema.parse({
        kind: 'provider',
        provider: 'openai',
        settings_id: 'openai_api_keys_settings',
        server_id: 'a1b2c3',
        model: ' gpt-4o-mini ',
      }),
    ).toEqual({
      kind: 'provider',
      provider: 'openai',
      settings_id: 'openai_api_keys_settings',
      server_id: 'a1b2c3',
      model: 'gpt-4o-mini',
    })
    expect(
      generatorSettingsSchema.parse({ kind: 'provider', provider: 'anthropic', model: 'claude' }),
    ).toEqual({
      kind: 'provider',
      provider: 'anthropic',
      model: 'claude',
    })
  })

  it('refuses a registry model with an unknown provider, no model or an id that is a path, naming the field', () => {
    const problem = (value: Record<string, unknown>) =>
      generatorSettingsSchema.safeParse({ kind: 'provider', provider: 'ollama', model: 'm', ...value }).error
        ?.issues[0]?.path
    expect(problem({ provider: 'webllm' })).toEqual(['provider'])
    expect(problem({ provider: 'gpt' })).toEqual(['provider'])
    expect(problem({ model: ' ' })).toEqual(['model'])
    expect(problem({ server_id: '../x' })).toEqual(['server_id'])
    expect(problem({ settings_id: 'http://evil/' })).toEqual(['settings_id'])
    expect(problem({})).toBeUndefined()
  })

  it('still reads the shapes saved before the registry (an endpoint URL of its own)', () => {
    // What Settings stored until now: a person's saved choice must keep answering after the upgrade.
    const saved = [
      { kind: 'ollama', base_url: 'http://gpu.lan:11434', model: 'llama3.2' },
      { kind: 'openai', base_url: 'https://api.groq.com/openai/v1', model: 'llama-3.1-8b', api_key: 'gsk_x' },
    ]
    for (const value of saved) expect(generatorSettingsSchema.parse(value)).toEqual(value)
  })

  it('names each generator for status lines', () => {
    expect(generatorId({ kind: 'extractive' })).toBe('extractive')
    expect(generatorId({ kind: 'provider', provider: 'ollama', model: 'qwen' })).toBe('ollama:qwen')
    expect(generatorId({ kind: 'webllm', model: 'Llama' })).toBe('webllm:Llama')
  })
})
