import { embeddedIpv4, formatIp, inNetwork, parseIp, type IpBytes } from './ipAddress'

/** Why an address is not on the public internet; `public` is everything else. */
export type AddressKind =
  'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'metadata' | 'multicast' | 'reserved'

export interface AddressClass {
  kind: AddressKind
  /** The address in canonical form (`::ffff:10.0.0.5` is shown as such; its class is 10.0.0.5's). */
  address: string
}

// First match wins: the metadata hosts sit inside link-local, CGNAT and ULA ranges.
const RANGES: Array<[string, number, Exclude<AddressKind, 'public'>]> = [
  // Cloud instance metadata: AWS, GCP, Azure, OpenStack (169.254.169.254), ECS tasks (169.254.170.2),
  // Alibaba (100.100.100.200), AWS over IPv6 (fd00:ec2::254).
  ['169.254.169.254', 32, 'metadata'],
  ['169.254.170.2', 32, 'metadata'],
  ['100.100.100.200', 32, 'metadata'],
  ['fd00:ec2::254', 128, 'metadata'],
  // IPv4
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'], // carrier-grade NAT (shared address space)
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // documentation
  ['192.88.99.0', 24, 'reserved'], // 6to4 relays (deprecated)
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'], // documentation
  ['203.0.113.0', 24, 'reserved'], // documentation
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes the broadcast address 255.255.255.255
  // IPv6
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'private'], // local-use NAT64
  ['100::', 64, 'reserved'], // discard
  ['2001::', 32, 'reserved'], // Teredo: its IPv4 end is obfuscated; nothing legitimate needs it
  ['2001:db8::', 32, 'reserved'], // documentation
  ['fc00::', 7, 'private'], // unique local addresses
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'], // site-local (deprecated)
  ['ff00::', 8, 'multicast'],
]
const NETWORKS = RANGES.map(([text, prefix, kind]) => ({ network: parseIp(text) as IpBytes, prefix, kind }))

/**
 * The kind of an IP address (text as DNS or the URL parser give it). An IPv6 address that carries an
 * IPv4 one (mapped, compatible, NAT64, 6to4) gets the IPv4 address's kind. Text that is no IP address
 * throws: callers only pass resolved or literal addresses.
 */
export function classifyAddress(text: string): AddressClass {
  const bytes = parseIp(text)
  if (!bytes) throw new Error(`Not an IP address: ${text}`)
  return { kind: kindOf(bytes), address: formatIp(bytes) }
}

function kindOf(bytes: IpBytes): AddressKind {
  const ipv4 = embeddedIpv4(bytes)
  if (ipv4) return kindOf(ipv4)
  for (const { network, prefix, kind } of NETWORKS) if (inNetwork(bytes, network, prefix)) return kind
  return 'public'
}

/** "a private address", "a cloud metadata address": for sentences that say why a URL was refused. */
export function describeKind(kind: Exclude<AddressKind, 'public'>): string {
  switch (kind) {
    case 'loopback':
      return 'a loopback address'
    case 'private':
      return 'a private address'
    case 'link-local':
      return 'a link-local address'
    case 'unspecified':
      return 'an unspecified address'
    case 'metadata':
      return 'a cloud metadata address'
    case 'multicast':
      return 'a multicast address'
    case 'reserved':
      return 'a reserved address'
  }
}
