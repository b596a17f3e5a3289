import { describe, expect, it } from 'vitest'
import { isMaskOf, keyHint, looksMasked } from './keyHint'
import { maskSecrets } from './maskSecrets'

describe('maskSecrets', () => {
  it('shows each key as its last four with BrainDrive’s flags beside it, at any depth', () => {
    expect(maskSecrets({ api_key: 'sk-proj-abcdefghijklmnop' })).toEqual({
      api_key: '…mnop',
      _has_key: true,
      _key_valid: true,
    })
    expect(
      maskSecrets({
        servers: [
          { id: 's1', serverAddress: 'http://one', apiKey: 'ollama-key-12345678' },
          { id: 's2', serverAddress: 'http://two', apiKey: '' },
        ],
        theme: 'dark',
      }),
    ).toEqual({
      servers: [
        { id: 's1', serverAddress: 'http://one', apiKey: '…5678', _has_key: true, _key_valid: true },
        { id: 's2', serverAddress: 'http://two', apiKey: '', _has_key: false, _key_valid: false },
      ],
      theme: 'dark',
    })
  })

  it('shows nothing of a short key and calls a key with spaces not valid', () => {
    expect(maskSecrets({ openai_api_key: 'short-key' })).toEqual({
      openai_api_key: '…',
      _has_key: true,
      _key_valid: true,
    })
    expect(maskSecrets({ apiKey: 'not a key at all' })).toEqual({
      apiKey: '… all',
      _has_key: true,
      _key_valid: false,
    })
  })

  it('leaves values without keys untouched', () => {
    expect(maskSecrets('sk-looks-like-a-key-but-is-a-string-setting')).toBe(
      'sk-looks-like-a-key-but-is-a-string-setting',
    )
    expect(maskSecrets({ has_api_key: true, count: 3 })).toEqual({ has_api_key: true, count: 3 })
  })
})

describe('keyHint and masks', () => {
  it('hints the last four of keys of 12 characters or more', () => {
    expect(keyHint('sk-0123456789')).toBe('…6789')
    expect(keyHint('sk-01234567')).toBe('…')
  })

  it('tells a masked value from a key, and a mask of this key from another’s', () => {
    for (const masked of ['…abcd', '…', 'sk-proj...abcd', 's...d', '***'])
      expect(looksMasked(masked), masked).toBe(true)
    for (const key of ['sk-proj-abcdefghijklmnop', 'gsk_1234', 'a key with ... inside it'])
      expect(looksMasked(key), key).toBe(false)
    expect(isMaskOf('…mnop', 'sk-proj-abcdefghijklmnop')).toBe(true)
    expect(isMaskOf('sk-proj...mnop', 'sk-proj-abcdefghijklmnop')).toBe(true)
    expect(isMaskOf('sk-other...mnop', 'sk-proj-abcdefghijklmnop')).toBe(false)
    expect(isMaskOf('…wxyz', 'sk-proj-abcdefghijklmnop')).toBe(false)
  })
})
