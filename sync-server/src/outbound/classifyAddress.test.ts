import { describe, expect, it } from 'vitest'
import { classifyAddress } from './classifyAddress'
import { formatIp, parseIp } from './ipAddress'

/** The host a URL ends up with, as undici and the policy see it (brackets dropped). */
const urlHost = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '')

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address).kind).toBe(kind)
  })

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2606:4700::1111',
    '2a00:1450::1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address).kind).toBe('public')
  })

  it('classifies IPv6 forms of IPv4 addresses as the IPv4 address they carry', () => {
    expect(classifyAddress('::ffff:127.0.0.1')).toEqual({ kind: 'loopback', address: '::ffff:127.0.0.1' })
    expect(classifyAddress('::ffff:7f00:1').kind).toBe('loopback')
    expect(classifyAddress('::ffff:a00:5')).toEqual({ kind: 'private', address: '::ffff:10.0.0.5' })
    expect(classifyAddress('::ffff:169.254.169.254').kind).toBe('metadata')
    expect(classifyAddress('::10.0.0.5').kind).toBe('private') // IPv4-compatible (deprecated)
    expect(classifyAddress('::ffff:0:10.0.0.5').kind).toBe('private') // IPv4-translated
    expect(classifyAddress('64:ff9b::192.168.0.1').kind).toBe('private') // NAT64
    expect(classifyAddress('2002:a9fe:a9fe::').kind).toBe('metadata') // 6to4 of 169.254.169.254
    expect(classifyAddress('::ffff:8.8.8.8').kind).toBe('public')
    expect(classifyAddress('64:ff9b::8.8.8.8').kind).toBe('public')
  })

  it('classifies the decimal, hex and octal IPv4 forms the URL parser normalises', () => {
    expect(urlHost('http://2130706433/')).toBe('127.0.0.1')
    expect(classifyAddress(urlHost('http://2130706433/')).kind).toBe('loopback')
    expect(classifyAddress(urlHost('http://0x7f.1/')).kind).toBe('loopback')
    expect(classifyAddress(urlHost('http://0177.0.0.1/')).kind).toBe('loopback')
    expect(classifyAddress(urlHost('http://0xa9fea9fe/')).kind).toBe('metadata')
    expect(classifyAddress(urlHost('http://10.1/')).kind).toBe('private')
    expect(classifyAddress(urlHost('http://[::ffff:127.0.0.1]/')).kind).toBe('loopback')
    expect(classifyAddress(urlHost('http://[0:0:0:0:0:ffff:a00:5]/')).kind).toBe('private')
    expect(classifyAddress(urlHost('http://[::]/')).kind).toBe('unspecified')
  })

  it('refuses text that is no IP address', () => {
    expect(() => classifyAddress('localhost')).toThrow(/Not an IP address/)
    expect(() => classifyAddress('0x7f.1')).toThrow(/Not an IP address/)
  })
})

describe('parseIp and formatIp', () => {
  it.each([
    ['::', '::'],
    ['::1', '::1'],
    ['1::', '1::'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['fd00:ec2:0::254', 'fd00:ec2::254'],
    ['::ffff:10.0.0.5', '::ffff:10.0.0.5'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['[fe80::1]', 'fe80::1'],
    ['10.0.0.5', '10.0.0.5'],
  ])('%s reads back as %s', (text, canonical) => {
    expect(formatIp(parseIp(text)!)).toBe(canonical)
  })

  it('gives nothing for names and malformed addresses', () => {
    for (const text of ['localhost', '1.2.3', '1.2.3.256', '::g', '1:2:3:4:5:6:7:8:9', '']) {
      expect(parseIp(text)).toBeUndefined()
    }
  })
})
