import { describe, expect, it } from 'vitest'
import { findAllowRule, parseOutboundAllow } from './outboundAllow'

const allows = (entries: string, host: string, port: number, address: string) =>
  findAllowRule(parseOutboundAllow(entries), { host, port, address })?.text

describe('OUTBOUND_ALLOW', () => {
  it('matches IPv4 and IPv6 networks', () => {
    expect(allows('10.0.0.0/8', '10.1.2.3', 80, '10.1.2.3')).toBe('10.0.0.0/8')
    expect(allows('10.0.0.0/8', '11.0.0.1', 80, '11.0.0.1')).toBeUndefined()
    expect(allows('172.16.0.0/12', 'x', 1, '172.31.255.255')).toBe('172.16.0.0/12')
    expect(allows('172.16.0.0/12', 'x', 1, '172.32.0.0')).toBeUndefined()
    expect(allows('fd00::/8', 'x', 1, 'fd12::1')).toBe('fd00::/8')
    expect(allows('fd00::/8', 'x', 1, 'fc00::1')).toBeUndefined()
    expect(allows('[fd00::]/16', 'x', 1, 'fd00:1::1')).toBe('[fd00::]/16')
    expect(allows('0.0.0.0/0', 'x', 1, '127.0.0.1')).toBe('0.0.0.0/0')
    expect(allows('0.0.0.0/0', 'x', 1, '::1')).toBeUndefined()
  })

  it('matches single addresses, with or without a port', () => {
    expect(allows('10.0.0.5', 'x', 8080, '10.0.0.5')).toBe('10.0.0.5')
    expect(allows('10.0.0.5', 'x', 8080, '10.0.0.6')).toBeUndefined()
    expect(allows('127.0.0.1:11434', '127.0.0.1', 11434, '127.0.0.1')).toBe('127.0.0.1:11434')
    expect(allows('127.0.0.1:11434', '127.0.0.1', 11435, '127.0.0.1')).toBeUndefined()
    expect(allows('::1', '::1', 5, '::1')).toBe('::1')
    expect(allows('[::1]:11434', '::1', 11434, '::1')).toBe('[::1]:11434')
    expect(allows('[::1]:11434', '::1', 80, '::1')).toBeUndefined()
  })

  it('matches host names, with or without a port, whatever they resolve to', () => {
    expect(allows('ollama.internal', 'ollama.internal', 11434, '10.0.0.7')).toBe('ollama.internal')
    expect(allows('Ollama.Internal.', 'ollama.internal', 11434, '10.0.0.7')).toBe('Ollama.Internal.')
    expect(allows('localhost:11434', 'localhost', 11434, '127.0.0.1')).toBe('localhost:11434')
    expect(allows('localhost:11434', 'localhost', 11435, '127.0.0.1')).toBeUndefined()
    expect(allows('localhost', 'evil.example', 80, '127.0.0.1')).toBeUndefined()
    // A name rule is about the name: the address it allows is not open to other names.
    expect(allows('ollama.internal', 'attacker.example', 11434, '10.0.0.7')).toBeUndefined()
  })

  it('an IPv4 rule covers the IPv4-mapped IPv6 form of its addresses, and a mapped rule the IPv4 one', () => {
    expect(allows('10.0.0.0/8', 'x', 1, '::ffff:10.9.9.9')).toBe('10.0.0.0/8')
    expect(allows('127.0.0.1:8000', 'x', 8000, '::ffff:7f00:1')).toBe('127.0.0.1:8000')
    expect(allows('::ffff:10.0.0.0/104', 'x', 1, '10.2.3.4')).toBe('::ffff:10.0.0.0/104')
    expect(allows('[::ffff:127.0.0.1]:8000', 'x', 8000, '127.0.0.1')).toBe('[::ffff:127.0.0.1]:8000')
  })

  it('reads addresses the way the URL parser does (decimal and hex IPv4)', () => {
    expect(allows('2130706433:8000', '127.0.0.1', 8000, '127.0.0.1')).toBe('2130706433:8000')
    expect(allows('0x7f.1', '127.0.0.1', 80, '127.0.0.1')).toBe('0x7f.1')
  })

  it('skips blanks and spaces between entries', () => {
    expect(parseOutboundAllow(' 10.0.0.0/8 , ,localhost:1 ')).toHaveLength(2)
    expect(parseOutboundAllow('')).toEqual([])
  })

  it.each([
    ['10.0.0.0/33', /prefix length that is not 0 to 32/],
    ['fd00::/129', /prefix length that is not 0 to 128/],
    ['10.0.0.0/x', /prefix length/],
    ['example.com/8', /not a network/],
    ['localhost:0', /port that is not 1 to 65535/],
    ['localhost:70000', /port that is not 1 to 65535/],
    ['http://localhost:11434', /is a URL: give only its host/],
    ['user@host', /not a valid host name or address/],
    ['exa mple.com', /not a valid host name or address/],
    ['[::1', /not a host, host:port or network/],
  ])('refuses %s with a clear error', (entry, why) => {
    expect(() => parseOutboundAllow(`localhost, ${entry}`)).toThrow(why)
    expect(() => parseOutboundAllow(entry)).toThrow(`OUTBOUND_ALLOW entry ${JSON.stringify(entry)}`)
  })
})
