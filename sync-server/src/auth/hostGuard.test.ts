import { describe, expect, it } from 'vitest'
import { hostName, ownHostMatcher } from './hostGuard'

describe('hostName', () => {
  it('drops the port, the trailing dot and IPv6 brackets, in lower case', () => {
    expect(hostName('Quire.Example.com:8005')).toBe('quire.example.com')
    expect(hostName('localhost.')).toBe('localhost')
    expect(hostName('[::1]:8005')).toBe('::1')
    expect(hostName('::1')).toBe('::1')
    expect(hostName('127.0.0.1')).toBe('127.0.0.1')
    expect(hostName('')).toBe('')
  })
})

describe('ownHostMatcher', () => {
  it('knows localhost, *.localhost and every address without settings', () => {
    const isOwn = ownHostMatcher({})
    for (const name of ['localhost', 'app.localhost', '127.0.0.1', '::1', '10.0.0.7']) {
      expect({ name, own: isOwn(name) }).toEqual({ name, own: true })
    }
    for (const name of ['evil.example', 'localhost.evil.example', 'evillocalhost', '127.0.0.1.nip.io']) {
      expect({ name, own: isOwn(name) }).toEqual({ name, own: false })
    }
  })

  it('adds HOST when it is a name, and ALLOWED_HOSTS with subdomains for a leading dot', () => {
    const isOwn = ownHostMatcher({
      listenHost: 'nas.lan',
      allowedHosts: ['quire.example.com', '.home.example', '*.office.example'],
    })
    for (const name of [
      'nas.lan',
      'quire.example.com',
      'home.example',
      'a.home.example',
      'b.office.example',
    ]) {
      expect({ name, own: isOwn(name) }).toEqual({ name, own: true })
    }
    for (const name of ['example.com', 'x.quire.example.com', 'nothome.example']) {
      expect({ name, own: isOwn(name) }).toEqual({ name, own: false })
    }
  })
})
