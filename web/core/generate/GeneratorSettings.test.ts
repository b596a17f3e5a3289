import { describe, expect, it } from 'vitest'
import { generatorSettingsSchema } from './GeneratorSettings'

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
})
