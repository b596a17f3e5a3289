import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../config'
import { operatorGenerator } from './operatorGenerator'

describe('GENERATOR_API_KEY in configFromEnv', () => {
  it('is the server’s own, never part of the default generator settings', () => {
    const config = configFromEnv({
      GENERATOR: 'openai',
      GENERATOR_URL: 'http://llm.internal:8000/v1',
      GENERATOR_MODEL: 'm',
      GENERATOR_API_KEY: ' sk-operator ',
    })
    expect(config.generator).toEqual({ kind: 'openai', base_url: 'http://llm.internal:8000/v1', model: 'm' })
    expect(config.generatorApiKey).toBe('sk-operator')
  })

  it('is refused beside a generator that would send it nowhere', () => {
    expect(() =>
      configFromEnv({
        GENERATOR: 'ollama',
        GENERATOR_URL: 'http://x',
        GENERATOR_MODEL: 'm',
        GENERATOR_API_KEY: 'k',
      }),
    ).toThrow(/GENERATOR_API_KEY is set but GENERATOR is "ollama"/)
    expect(configFromEnv({ GENERATOR_API_KEY: '' }).generatorApiKey).toBeUndefined()
  })
})

describe('operatorGenerator', () => {
  it('splits the operator’s generator into key-free defaults and the server’s key', () => {
    const generator = { kind: 'openai', base_url: 'http://llm.internal/v1', model: 'm' } as const
    expect(operatorGenerator({ generator, generatorApiKey: 'sk-op' })).toEqual({
      defaults: generator,
      serverKey: { base_url: 'http://llm.internal/v1', api_key: 'sk-op' },
    })
    // A key a program put inside the generator is taken out the same way.
    expect(operatorGenerator({ generator: { ...generator, api_key: 'sk-inline' } })).toEqual({
      defaults: generator,
      serverKey: { base_url: 'http://llm.internal/v1', api_key: 'sk-inline' },
    })
    expect(operatorGenerator({ generator })).toEqual({ defaults: generator, serverKey: undefined })
    expect(operatorGenerator({})).toEqual({ defaults: { kind: 'extractive' } })
  })
})
