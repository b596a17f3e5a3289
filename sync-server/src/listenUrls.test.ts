import type { NetworkInterfaceInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { listenUrls } from './listenUrls'

const info = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({
    address,
    family,
    internal,
    netmask: '',
    mac: '',
    cidr: null,
    ...(family === 'IPv6' ? { scopeid: 0 } : {}),
  }) as NetworkInterfaceInfo

const interfaces = {
  lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
  eth0: [info('192.168.1.20', 'IPv4'), info('fe80::1c2:3ff:fe4d:5e6f', 'IPv6'), info('2001:db8::20', 'IPv6')],
  docker0: [info('172.17.0.1', 'IPv4')],
}

describe('listenUrls (the ready line)', () => {
  it('lists every interface’s addresses when bound to all of them, loopback first', () => {
    expect(listenUrls(undefined, 8005, interfaces)).toEqual([
      'http://127.0.0.1:8005',
      'http://[::1]:8005',
      'http://192.168.1.20:8005',
      'http://172.17.0.1:8005',
      'http://[2001:db8::20]:8005',
    ])
    expect(listenUrls('::', 8005, interfaces)).toEqual(listenUrls(undefined, 8005, interfaces))
  })

  it('lists only IPv4 addresses when bound to 0.0.0.0', () => {
    expect(listenUrls('0.0.0.0', 80, interfaces)).toEqual([
      'http://127.0.0.1:80',
      'http://192.168.1.20:80',
      'http://172.17.0.1:80',
    ])
  })

  it('lists the one address or name it is bound to', () => {
    expect(listenUrls('127.0.0.1', 8005, interfaces)).toEqual(['http://127.0.0.1:8005'])
    expect(listenUrls('::1', 8005, interfaces)).toEqual(['http://[::1]:8005'])
    expect(listenUrls('quire.lan', 8005, interfaces)).toEqual(['http://quire.lan:8005'])
  })
})
