import { describe, expect, it } from 'vitest'
import { isApiKeyName, isSecretName, nameWords } from './secretNames'

describe('nameWords', () => {
  it('splits every spelling of a name into the same lowercase words', () => {
    for (const name of [
      'accessToken',
      'access_token',
      'ACCESS_TOKEN',
      'access-token',
      'AccessToken',
      'access.token',
    ])
      expect(nameWords(name), name).toEqual(['access', 'token'])
    expect(nameWords('APIKey')).toEqual(['api', 'key'])
    expect(nameWords('X-Api-Key')).toEqual(['x', 'api', 'key'])
    expect(nameWords('OAuth2Token')).toEqual(['o', 'auth', 'token'])
    expect(nameWords('api_key2')).toEqual(['api', 'key'])
    expect(nameWords('token_2')).toEqual(['token'])
    expect(nameWords('__')).toEqual([])
  })
})

describe('isSecretName (settings)', () => {
  it('takes every spelling of key, token, secret and password, and their kin, for a secret', () => {
    for (const name of [
      'key',
      'Key',
      'KEY',
      'token',
      'secret',
      'password',
      'PASSWORD',
      'apiKey',
      'api_key',
      'API_KEY',
      'apikey',
      'api-key',
      'X-Api-Key',
      'openai_api_key',
      'groqApiKey',
      'accessToken',
      'access_token',
      'auth_token',
      'authToken',
      'refresh_token',
      'bearer_token',
      'id_token',
      'OAuth2Token',
      'accesstoken',
      'authtoken',
      'clientSecret',
      'client_secret',
      'clientsecret',
      'app_secret',
      'webhookSecret',
      'passwd',
      'pwd',
      'db_password',
      'dbPassword',
      'dbpassword',
      'passphrase',
      'private_key',
      'privateKey',
      'privatekey',
      'secret_key',
      'secretkey',
      'access_key',
      'AWS_SECRET_ACCESS_KEY',
      'encryptionKey',
      'signing_key',
      'license_key',
      'bearer',
      'Authorization',
      'credentials',
      'credential',
      'service_account_credentials',
      'api_key2',
    ])
      expect(isSecretName(name), name).toBe(true)
  })

  it('keeps ordinary look-alikes: counts, limits, hints, flags, words that merely contain a secret word', () => {
    for (const name of [
      '',
      'max_tokens',
      'maxTokens',
      'max_token',
      'num_tokens',
      'tokens',
      'token_limit',
      'tokenLimit',
      'token_count',
      'token_type',
      'tokenizer',
      'next_token',
      'nextPageToken',
      'page_token',
      'continuation_token',
      'stop_token',
      'eos_token',
      'bos_token',
      'pad_token',
      'keyboard',
      'keyboard_layout',
      'monkey',
      'turkey',
      'hotkey',
      'hot_key',
      'shortcut_key',
      'keys',
      'key_hint',
      'api_key_hint',
      'keyHint',
      'key_id',
      'access_key_id',
      'has_api_key',
      '_has_key',
      '_key_valid',
      'uses_server_key',
      'needsKey',
      'isSecret',
      'public_key',
      'publicKey',
      'sort_key',
      'state_key',
      'idempotency_key',
      'cache_key',
      'primary_key',
      'foreign_key',
      'secrets_manager',
      'secret_name',
      'password_hint',
      'password_length',
      'passwordPolicy',
      'credential_type',
      'bearer_format',
      'author',
      'authorization_url',
      'serverAddress',
      'model',
    ])
      expect(isSecretName(name), name).toBe(false)
  })
})

describe('isApiKeyName (any record)', () => {
  it('takes API key names only', () => {
    for (const name of [
      'api_key',
      'apiKey',
      'apikey',
      'API_KEY',
      'api-key',
      'X-Api-Key',
      'openai_api_key',
      'groqApiKey',
      'openaiapikey',
    ])
      expect(isApiKeyName(name), name).toBe(true)
    for (const name of [
      'key',
      'token',
      'password',
      'secret',
      'state_key',
      'api_key_hint',
      'has_api_key',
      'apis',
      'keyboard',
    ])
      expect(isApiKeyName(name), name).toBe(false)
  })
})
