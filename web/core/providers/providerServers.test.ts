import { describe, expect, it } from 'vitest'
import type { ApiError } from '../kernel/ApiError'
import { providerNamed } from './providerCatalog'
import { pickServer } from './providerSettings'
import { serversIn, serverView } from './providerServers'

const ollama = {
  servers: [
    { id: 'server_1', serverName: 'Home', serverAddress: 'http://localhost:11434', apiKey: '' },
    { id: 'server_2', serverName: 'Lab', serverAddress: 'http://lab:11434/', apiKey: 'secret-key-1' },
    { id: '', serverName: 'No id', serverAddress: 'http://x' },
    { id: 'server_3', serverName: 'No address', serverAddress: '' },
  ],
}

describe('serversIn', () => {
  it('reads Ollama’s servers list, skipping items without an id or an address', () => {
    expect(serversIn('ollama', ollama).map((s) => s.id)).toEqual(['server_1', 'server_2'])
  })

  it('reads BrainDrive’s {api_key} as the default server at the vendor address, or at base_url', () => {
    expect(serversIn('openai', { api_key: 'sk-abcdefgh' })).toEqual([
      {
        id: 'openai_default_server',
        serverName: 'OpenAI-compatible API',
        serverAddress: 'https://api.openai.com/v1',
        apiKey: 'sk-abcdefgh',
      },
    ])
    expect(serversIn('openai', { base_url: 'http://127.0.0.1:8080/v1' })[0]?.serverAddress).toBe(
      'http://127.0.0.1:8080/v1',
    )
    expect(serversIn('anthropic', '"sk-ant-1234567"')[0]?.apiKey).toBe('sk-ant-1234567')
    expect(serversIn('anthropic', 'sk-ant-1234567')[0]?.apiKey).toBe('sk-ant-1234567')
    expect(serversIn('openai', { api_key: '' })).toEqual([])
  })

  it('a view never holds the key', () => {
    const [, lab] = serversIn('ollama', ollama)
    expect(serverView(lab!)).toEqual({
      id: 'server_2',
      serverName: 'Lab',
      serverAddress: 'http://lab:11434/',
      hasKey: true,
    })
    expect(JSON.stringify(serverView(lab!))).not.toContain('secret-key-1')
  })
})

describe('pickServer', () => {
  const servers = serversIn('ollama', ollama)
  it('takes the named server, else the first', () => {
    expect(pickServer('ollama', servers, 'server_2').serverName).toBe('Lab')
    expect(pickServer('ollama', servers).serverName).toBe('Home')
  })
  it('404 for an unknown id (listing the configured ones) and for no server at all', () => {
    const unknown = (() => {
      try {
        pickServer('ollama', servers, 'nope')
      } catch (error) {
        return error as ApiError
      }
    })()
    expect(unknown?.status).toBe(404)
    expect(unknown?.detail).toMatch(/No Ollama server with id 'nope'.*Home \(id server_1\)/)
    expect(() => pickServer('anthropic', [])).toThrow(/No Anthropic API key or server is configured/)
  })
})

describe('providerNamed', () => {
  it('knows the four providers and BrainDrive’s claude', () => {
    expect(providerNamed('OpenAI')).toBe('openai')
    expect(providerNamed('claude')).toBe('anthropic')
    expect(providerNamed('groq')).toBeUndefined()
  })
})
