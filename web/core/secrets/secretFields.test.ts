import { describe, expect, it } from 'vitest'
import { isSecretField, mapSecretsAsync, secretsIn, withoutSecrets } from './secretFields'

describe('secretFields', () => {
  it('takes strings under api_key, apiKey, apikey, API_KEY and *_api_key / *ApiKey names for keys', () => {
    for (const name of ['api_key', 'apiKey', 'apikey', 'API_KEY', 'openai_api_key', 'groqApiKey'])
      expect(isSecretField(name, 'k'), name).toBe(true)
    expect(isSecretField('has_api_key', true)).toBe(false)
    expect(isSecretField('api_key', null)).toBe(false)
    for (const name of ['key', 'token', 'api_key_hint', 'keyboard'])
      expect(isSecretField(name, 'k'), name).toBe(false)
  })

  it('leaves keys out at any depth, keeping cleared ones, and returns what holds none as it was', () => {
    const settings = {
      embedder: { id: 'hash-v1' },
      generator: { kind: 'openai', base_url: 'http://x', api_key: 'sk-1' },
      servers: [{ apiKey: 'k2' }, { apiKey: '' }],
    }
    expect(withoutSecrets(settings)).toEqual({
      embedder: { id: 'hash-v1' },
      generator: { kind: 'openai', base_url: 'http://x' },
      servers: [{}, { apiKey: '' }],
    })
    expect(settings.generator.api_key).toBe('sk-1')
    const plain = { theme: 'dark', list: [1, { a: 'b' }] }
    expect(withoutSecrets(plain)).toBe(plain)
    expect(secretsIn(settings).sort()).toEqual(['', 'k2', 'sk-1'])
  })

  it('maps every key through an async change, once per distinct key', async () => {
    const seen: string[] = []
    const mapped = await mapSecretsAsync(
      { a: { api_key: 'x' }, b: [{ apiKey: 'x' }, { apiKey: 'y' }] },
      async (key) => {
        seen.push(key)
        return key === 'y' ? undefined : `sealed(${key})`
      },
    )
    expect(mapped).toEqual({ a: { api_key: 'sealed(x)' }, b: [{ apiKey: 'sealed(x)' }, {}] })
    expect(seen.sort()).toEqual(['x', 'y'])
  })
})
