import { describe, expect, it } from 'vitest'
import { ApiError } from '../kernel/ApiError'
import { normaliseServerUrl } from './normaliseServerUrl'

describe('normaliseServerUrl', () => {
  it('trims, lowercases the host and drops trailing slashes, keeping a path', () => {
    expect(normaliseServerUrl('  https://Quire.Example.com/ ')).toBe('https://quire.example.com')
    expect(normaliseServerUrl('http://127.0.0.1:8317')).toBe('http://127.0.0.1:8317')
    expect(normaliseServerUrl('https://host.example/quire//')).toBe('https://host.example/quire')
  })

  it.each([
    '',
    'quire.example.com',
    'ftp://quire.example.com',
    'https://u:p@host.example',
    'https://host.example/?a=1',
  ])('rejects %j with a 422 on server_url', (input) => {
    let caught: unknown
    try {
      normaliseServerUrl(input)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ApiError)
    expect((caught as ApiError).status).toBe(422)
    expect((caught as ApiError).detail).toEqual([expect.objectContaining({ loc: ['body', 'server_url'] })])
  })
})
