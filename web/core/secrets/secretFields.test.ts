import { describe, expect, it } from 'vitest'
import {
  API_KEY_NAMES,
  isSecretField,
  mapSecretsAsync,
  secretNamesOf,
  secretsIn,
  SETTING_SECRET_NAMES,
  withoutSecrets,
} from './secretFields'

describe('secretFields', () => {
  it('takes strings under api_key, apiKey, apikey, API_KEY and *_api_key / *ApiKey names for keys in any record', () => {
    for (const name of [
      'api_key',
      'apiKey',
      'apikey',
      'API_KEY',
      'openai_api_key',
      'groqApiKey',
      'X-Api-Key',
    ])
      expect(isSecretField(name, 'k', API_KEY_NAMES), name).toBe(true)
    expect(isSecretField('has_api_key', true, API_KEY_NAMES)).toBe(false)
    expect(isSecretField('api_key', null, API_KEY_NAMES)).toBe(false)
    for (const name of ['key', 'token', 'password', 'api_key_hint', 'keyboard', 'state_key'])
      expect(isSecretField(name, 'k', API_KEY_NAMES), name).toBe(false)
  })

  it('takes strings under any secret-looking name in settings, and only strings', () => {
    for (const name of ['api_key', 'key', 'token', 'password', 'clientSecret', 'auth_token'])
      expect(isSecretField(name, 'k', SETTING_SECRET_NAMES), name).toBe(true)
    expect(isSecretField('token', 3, SETTING_SECRET_NAMES)).toBe(false)
    expect(isSecretField('max_tokens', '512', SETTING_SECRET_NAMES)).toBe(false)
  })

  it('reads setting instances with the settings’ names and every other record with API key names', () => {
    expect(secretNamesOf('setting_instance')).toBe(SETTING_SECRET_NAMES)
    for (const kind of ['page', 'plugin_state', 'component', 'persona'])
      expect(secretNamesOf(kind), kind).toBe(API_KEY_NAMES)
    // A plugin's state or a page keeps its `key` and `token` (never masked, sealed or left out of sync).
    const state = { state_key: 'layout', data: { key: 'row-1', token: 'abc' }, api_key: 'sk-1' }
    expect(withoutSecrets(state, secretNamesOf('plugin_state'))).toEqual({
      state_key: 'layout',
      data: { key: 'row-1', token: 'abc' },
    })
  })

  it('leaves keys out at any depth, keeping cleared ones, and returns what holds none as it was', () => {
    const settings = {
      embedder: { id: 'hash-v1' },
      generator: { kind: 'openai', base_url: 'http://x', api_key: 'sk-1', max_tokens: 512 },
      servers: [{ apiKey: 'k2' }, { apiKey: '' }, { token: 't3', nested: [{ password: 'p4' }] }],
    }
    expect(withoutSecrets(settings, SETTING_SECRET_NAMES)).toEqual({
      embedder: { id: 'hash-v1' },
      generator: { kind: 'openai', base_url: 'http://x', max_tokens: 512 },
      servers: [{}, { apiKey: '' }, { nested: [{}] }],
    })
    expect(settings.generator.api_key).toBe('sk-1')
    const plain = { theme: 'dark', list: [1, { a: 'b' }] }
    expect(withoutSecrets(plain, SETTING_SECRET_NAMES)).toBe(plain)
    expect(secretsIn(settings, SETTING_SECRET_NAMES).sort()).toEqual(['', 'k2', 'p4', 'sk-1', 't3'])
    expect(secretsIn(settings, API_KEY_NAMES).sort()).toEqual(['', 'k2', 'sk-1'])
  })

  it('maps every key through an async change, once per distinct key', async () => {
    const seen: string[] = []
    const mapped = await mapSecretsAsync(
      { a: { api_key: 'x' }, b: [{ apiKey: 'x' }, { token: 'y' }] },
      async (key) => {
        seen.push(key)
        return key === 'y' ? undefined : `sealed(${key})`
      },
      SETTING_SECRET_NAMES,
    )
    expect(mapped).toEqual({ a: { api_key: 'sealed(x)' }, b: [{ apiKey: 'sealed(x)' }, {}] })
    expect(seen.sort()).toEqual(['x', 'y'])
  })
})
