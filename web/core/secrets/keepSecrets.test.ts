import { describe, expect, it } from 'vitest'
import { keepSecrets } from './keepSecrets'

const KEY = 'sk-stored-key-0123456789'

describe('keepSecrets', () => {
  it('keeps the stored key when the key is left out or sent back masked, ours or BrainDrive’s', () => {
    const stored = { api_key: KEY, model: 'a' }
    expect(keepSecrets({ model: 'b' }, stored)).toEqual({ api_key: KEY, model: 'b' })
    expect(keepSecrets({ api_key: '…6789' }, stored)).toEqual({ api_key: KEY })
    expect(keepSecrets({ api_key: 'sk-stor...6789' }, stored)).toEqual({ api_key: KEY })
    expect(keepSecrets({ api_key: '…' }, stored)).toEqual({ api_key: KEY })
  })

  it('replaces the key with a new one, clears it with "", and never stores a mask as a key', () => {
    const stored = { api_key: KEY }
    expect(keepSecrets({ api_key: 'sk-new-key-9876543210' }, stored)).toEqual({
      api_key: 'sk-new-key-9876543210',
    })
    expect(keepSecrets({ api_key: '' }, stored)).toEqual({ api_key: '' })
    // A mask of some other key, or one sent where nothing is stored, is no key at all.
    expect(keepSecrets({ api_key: '…wxyz' }, stored)).toEqual({})
    expect(keepSecrets({ api_key: '…6789' }, undefined)).toEqual({})
    expect(keepSecrets({ api_key: '***' }, stored)).toEqual({})
  })

  it('lets no key follow a changed endpoint: kind, provider and *url/*address/*endpoint/*host', () => {
    const stored = { kind: 'openai', base_url: 'http://a.example/v1', api_key: KEY }
    expect(keepSecrets({ kind: 'openai', base_url: 'http://a.example/v1/' }, stored)).toEqual({
      kind: 'openai',
      base_url: 'http://a.example/v1/',
      api_key: KEY,
    })
    expect(keepSecrets({ kind: 'openai', base_url: 'http://b.example/v1' }, stored)).toEqual({
      kind: 'openai',
      base_url: 'http://b.example/v1',
    })
    expect(
      keepSecrets({ kind: 'openai', base_url: 'http://b.example/v1', api_key: '…6789' }, stored),
    ).toEqual({
      kind: 'openai',
      base_url: 'http://b.example/v1',
    })
    expect(keepSecrets({ kind: 'ollama', base_url: 'http://a.example/v1' }, stored)).toEqual({
      kind: 'ollama',
      base_url: 'http://a.example/v1',
    })
    // An endpoint field left out is a change too.
    expect(keepSecrets({ kind: 'openai' }, stored)).toEqual({ kind: 'openai' })
  })

  it('matches list items by id, else by position, at any depth', () => {
    const stored = {
      servers: [
        { id: 's1', serverAddress: 'http://one:11434', apiKey: 'key-of-server-one' },
        { id: 's2', serverAddress: 'http://two:11434', apiKey: 'key-of-server-two' },
      ],
      nested: { providers: [{ groq_api_key: 'gsk_first_in_the_list' }] },
    }
    const incoming = {
      servers: [
        { id: 's2', serverAddress: 'http://two:11434', apiKey: '…-two' },
        { id: 's1', serverAddress: 'http://moved:11434', apiKey: '…-one' },
        { id: 's3', serverAddress: 'http://three:11434' },
      ],
      nested: { providers: [{}] },
    }
    expect(keepSecrets(incoming, stored)).toEqual({
      servers: [
        { id: 's2', serverAddress: 'http://two:11434', apiKey: 'key-of-server-two' },
        { id: 's1', serverAddress: 'http://moved:11434' },
        { id: 's3', serverAddress: 'http://three:11434' },
      ],
      nested: { providers: [{ groq_api_key: 'gsk_first_in_the_list' }] },
    })
  })

  it('drops the read-only flags reads add, and leaves values without keys as they are', () => {
    expect(keepSecrets({ api_key: '…6789', _has_key: true, _key_valid: true }, { api_key: KEY })).toEqual({
      api_key: KEY,
    })
    expect(keepSecrets(['a', 1, null], undefined)).toEqual(['a', 1, null])
    expect(keepSecrets('dark', { api_key: KEY })).toBe('dark')
    // A field of a key's name that holds no string is no key.
    expect(keepSecrets({ has_api_key: true }, { has_api_key: false })).toEqual({ has_api_key: true })
  })
})
