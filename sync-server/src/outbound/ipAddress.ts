import { isIPv4, isIPv6 } from 'node:net'

/**
 * An IP address as its bytes: 4 for IPv4, 16 for IPv6. Ranges and allow rules compare bytes, so
 * `::ffff:10.0.0.5`, `::ffff:a00:5` and `10.0.0.5` can be told to be one machine (see `embeddedIpv4`).
 */
export type IpBytes = Uint8Array

/**
 * Parses an address in canonical text form: dotted-decimal IPv4 (what the URL parser and DNS give;
 * hex or decimal forms such as `0x7f.1` are for the URL parser to normalise first) or IPv6 with or
 * without brackets, an embedded IPv4 tail, and a zone (`fe80::1%eth0`, dropped). Undefined otherwise.
 */
export function parseIp(text: string): IpBytes | undefined {
  let address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text
  const zone = address.indexOf('%')
  if (zone !== -1 && address.includes(':')) address = address.slice(0, zone)
  if (isIPv4(address)) return Uint8Array.from(address.split('.').map(Number))
  if (isIPv6(address)) return parseIpv6(address)
  return undefined
}

function parseIpv6(address: string): IpBytes {
  let text = address
  // An IPv4 tail (`::ffff:1.2.3.4`) is two hex groups written another way.
  const lastColon = text.lastIndexOf(':')
  const tail = text.slice(lastColon + 1)
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number)
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [left = '', right] = text.split('::')
  const head = left === '' ? [] : left.split(':')
  const rest = right === undefined || right === '' ? [] : right.split(':')
  const groups =
    right === undefined ? head : [...head, ...Array<string>(8 - head.length - rest.length).fill('0'), ...rest]
  const bytes = new Uint8Array(16)
  groups.forEach((group, index) => {
    const value = parseInt(group, 16)
    bytes[index * 2] = value >> 8
    bytes[index * 2 + 1] = value & 0xff
  })
  return bytes
}

/** Canonical text of an address: `10.0.0.5`, `fd00:ec2::254`. */
export function formatIp(bytes: IpBytes): string {
  if (bytes.length === 4) return bytes.join('.')
  if (isMappedIpv4(bytes)) return `::ffff:${bytes.slice(12).join('.')}`
  const groups: number[] = []
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0))
  // The longest run of two or more zero groups becomes `::` (RFC 5952).
  let bestStart = -1
  let bestLength = 1
  for (let start = 0; start < 8;) {
    let end = start
    while (end < 8 && groups[end] === 0) end++
    if (end - start > bestLength) {
      bestStart = start
      bestLength = end - start
    }
    start = end === start ? start + 1 : end
  }
  const hex = groups.map((group) => group.toString(16))
  if (bestStart === -1) return hex.join(':')
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`
}

/** Whether `bytes` lies in `network/prefix` (same family only). */
export function inNetwork(bytes: IpBytes, network: IpBytes, prefix: number): boolean {
  if (bytes.length !== network.length) return false
  for (let bit = 0; bit < prefix; bit += 8) {
    const take = Math.min(8, prefix - bit)
    const mask = (0xff << (8 - take)) & 0xff
    const index = bit / 8
    if (((bytes[index] ?? 0) & mask) !== ((network[index] ?? 0) & mask)) return false
  }
  return true
}

const network = (text: string) => parseIp(text) as IpBytes
const MAPPED = network('::ffff:0:0')
const TRANSLATED = network('::ffff:0:0:0')
const NAT64 = network('64:ff9b::')
const SIX_TO_FOUR = network('2002::')
const COMPATIBLE = network('::')

/** Whether an IPv6 address is an IPv4-mapped one (`::ffff:a.b.c.d`), what dual-stack sockets show IPv4 peers as. */
export function isMappedIpv4(bytes: IpBytes): boolean {
  return bytes.length === 16 && inNetwork(bytes, MAPPED, 96)
}

/**
 * IPv6 forms that carry an IPv4 address a packet may end up at: IPv4-mapped `::ffff:a.b.c.d` (what a
 * dual-stack socket connects to as the IPv4 address), IPv4-compatible `::a.b.c.d` (deprecated, still
 * parsed), IPv4-translated `::ffff:0:a.b.c.d`, NAT64's `64:ff9b::a.b.c.d` and 6to4's `2002:aabb:ccdd::`.
 * Their IPv4 address is what gets classified, so none of them is a way around the policy.
 */
export function embeddedIpv4(bytes: IpBytes): IpBytes | undefined {
  if (bytes.length !== 16) return undefined
  const last4 = bytes.slice(12, 16)
  if (inNetwork(bytes, MAPPED, 96) || inNetwork(bytes, TRANSLATED, 96) || inNetwork(bytes, NAT64, 96))
    return last4
  if (inNetwork(bytes, SIX_TO_FOUR, 16)) return bytes.slice(2, 6)
  // `::` and `::1` are IPv6's own unspecified and loopback addresses, not IPv4-compatible ones.
  if (inNetwork(bytes, COMPATIBLE, 96) && !inNetwork(bytes, COMPATIBLE, 127)) return last4
  return undefined
}
