import { describe, expect, it } from 'vitest'
import { keepLocalEndpoints } from './keepLocalEndpoints'

describe('keepLocalEndpoints', () => {
  const mine = { kind: 'openai', base_url: 'https://mine.example/v1', model: 'a' }

  it('keeps the person’s provider whole where the archive names another endpoint', () => {
    const archive = { generator: { kind: 'openai', base_url: 'https://elsewhere.example/v1', model: 'b' } }
    expect(keepLocalEndpoints(archive, { generator: mine })).toEqual({ generator: mine })
  })

  it('takes the archive’s other values where the endpoint is the same', () => {
    const archive = {
      generator: { ...mine, base_url: 'https://mine.example/v1/', model: 'b' },
      theme: 'dark',
    }
    expect(keepLocalEndpoints(archive, { generator: mine, theme: 'light' })).toEqual({
      generator: { ...mine, base_url: 'https://mine.example/v1/', model: 'b' },
      theme: 'dark',
    })
  })

  it('leaves out an endpoint the person lacks, and matches listed servers by id', () => {
    const local = { servers: [{ id: 's1', serverAddress: 'http://mine:11434', serverName: 'Mine' }] }
    const archive = {
      servers: [
        { id: 's1', serverAddress: 'http://elsewhere:11434', serverName: 'Theirs' },
        { id: 's2', serverAddress: 'http://new:11434', serverName: 'New' },
      ],
      embedder: { id: 'hash-v1' },
    }
    expect(keepLocalEndpoints(archive, local)).toEqual({
      servers: local.servers,
      embedder: { id: 'hash-v1' },
    })
    expect(keepLocalEndpoints({ generator: mine }, {})).toEqual({})
  })
})
