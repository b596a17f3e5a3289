import { describe, expect, it } from 'vitest'
import { addressProblem, hasKey, serverEntry, withoutServer, withServer } from './serverEdits'

const saved = {
  id: 'lab',
  serverName: 'Lab',
  serverAddress: 'http://lab:8000/v1',
  apiKey: '…abcd',
  _has_key: true,
  connectionStatus: 'idle',
}
const draft = { serverName: 'Lab', serverAddress: 'http://lab:8000/v1', apiKey: '', clearKey: false }

describe('server edits', () => {
  it('send the saved key back masked (kept by the host), a typed one in its place, or "" to clear it', () => {
    expect(serverEntry('lab', draft, saved)).toEqual({
      id: 'lab',
      serverName: 'Lab',
      serverAddress: 'http://lab:8000/v1',
      apiKey: '…abcd',
      connectionStatus: 'idle',
    })
    expect(serverEntry('lab', { ...draft, apiKey: ' sk-new-key-123 ' }, saved).apiKey).toBe('sk-new-key-123')
    expect(serverEntry('lab', { ...draft, apiKey: 'typed', clearKey: true }, saved).apiKey).toBe('')
    expect(serverEntry('new', { ...draft, serverName: ' ' })).toEqual({
      id: 'new',
      serverName: 'http://lab:8000/v1',
      serverAddress: 'http://lab:8000/v1',
      apiKey: '',
    })
  })

  it('replace a server by id, add a new one at the end, remove one, keeping the other fields', () => {
    const value = { api_key: '…wxyz', servers: [saved] }
    const edited = withServer(value, { ...saved, serverName: 'Lab 2' })
    expect(edited.servers?.map((s) => s.serverName)).toEqual(['Lab 2'])
    expect(edited.api_key).toBe('…wxyz')
    const added = withServer(value, { id: 'b', serverName: 'B', serverAddress: 'http://b', apiKey: '' })
    expect(added.servers?.map((s) => s.id)).toEqual(['lab', 'b'])
    expect(withoutServer(added, 'lab').servers?.map((s) => s.id)).toEqual(['b'])
  })

  it('tell whether a key is set from the read’s flag or mask, and check addresses', () => {
    expect(hasKey(saved)).toBe(true)
    expect(hasKey({ apiKey: '' })).toBe(false)
    expect(hasKey({ api_key: '…abcd' })).toBe(true)
    expect(addressProblem('http://127.0.0.1:9')).toBeNull()
    expect(addressProblem('')).toMatch(/Enter the server’s address/u)
    expect(addressProblem('ftp://host')).toBe('The address must start with http:// or https://')
    expect(addressProblem('localhost:11434')).toBe('The address must start with http:// or https://')
  })
})
