import { embeddedIpv4, inNetwork, isMappedIpv4, parseIp, type IpBytes } from './ipAddress'

/**
 * One entry of OUTBOUND_ALLOW: an address or network (`10.0.0.5`, `10.0.0.0/8`, `fd00::/8`, `[::1]`),
 * or a host name (`ollama.internal`, `localhost`), each address or name optionally with a port
 * (`10.0.0.5:11434`, `[::1]:11434`, `localhost:11434`); a network takes no port.
 */
export type OutboundAllowRule =
  | { type: 'network'; text: string; network: IpBytes; prefix: number; port?: number }
  | { type: 'host'; text: string; host: string; port?: number }

/** What is about to be connected to: the URL's host name (lower case, no brackets), its port and the address. */
export interface OutboundTarget {
  host: string
  port: number
  address: string
}

/**
 * Parses OUTBOUND_ALLOW (comma-separated). Host names and addresses go through the URL parser, so an
 * entry means what a URL with it would mean (`0x7f.1` is 127.0.0.1, `LocalHost.` is localhost). Throws
 * an Error naming the entry that makes no sense, for the operator to read at start-up.
 */
export function parseOutboundAllow(text: string): OutboundAllowRule[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parseEntry)
}

function parseEntry(entry: string): OutboundAllowRule {
  const bad = (why: string) =>
    new Error(
      `OUTBOUND_ALLOW entry ${JSON.stringify(entry)} ${why}; use host names, host:port, IP addresses, [IPv6]:port or CIDR networks such as 10.0.0.0/8, comma-separated`,
    )
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) throw bad('is a URL: give only its host, or host:port')
  const slash = entry.indexOf('/')
  if (slash !== -1) {
    const network = parseIp(entry.slice(0, slash))
    const prefixText = entry.slice(slash + 1)
    const prefix = Number(prefixText)
    if (!network) throw bad('is not a network: the part before "/" must be an IP address')
    const most = network.length * 8
    if (!/^\d+$/.test(prefixText) || prefix > most) throw bad(`has a prefix length that is not 0 to ${most}`)
    return normalised({ type: 'network', text: entry, network, prefix })
  }
  // A bare IPv6 address has colons of its own: it cannot carry a port without brackets.
  const bareIpv6 = parseIp(entry)
  if (bareIpv6 && entry.includes(':') && !entry.startsWith('['))
    return normalised({ type: 'network', text: entry, network: bareIpv6, prefix: 128 })
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d+))?$/.exec(entry)
  if (!match) throw bad('is not a host, host:port or network')
  const [, hostText = '', portText] = match
  const port = portText === undefined ? undefined : Number(portText)
  if (port !== undefined && (port < 1 || port > 65535)) throw bad('has a port that is not 1 to 65535')
  let host: string
  try {
    const url = new URL(`http://${hostText}/`)
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) throw new Error()
    host = url.hostname
  } catch {
    throw bad('is not a valid host name or address')
  }
  const address = parseIp(host)
  if (address)
    return normalised({ type: 'network', text: entry, network: address, prefix: address.length * 8, port })
  return { type: 'host', text: entry, host: host.replace(/\.$/, ''), port }
}

/** An IPv4-mapped network (`::ffff:10.0.0.0/104`) is kept as the IPv4 one it means. */
function normalised(rule: Extract<OutboundAllowRule, { type: 'network' }>): OutboundAllowRule {
  if (rule.prefix < 96 || !isMappedIpv4(rule.network)) return rule
  return { ...rule, network: rule.network.slice(12), prefix: rule.prefix - 96 }
}

/** The rule that lets this connection through, if any. */
export function findAllowRule(
  rules: readonly OutboundAllowRule[],
  target: OutboundTarget,
): OutboundAllowRule | undefined {
  const host = target.host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
  const address = parseIp(target.address)
  // An IPv6 form of an IPv4 address (`::ffff:10.0.0.5`) is classified as that IPv4 address, so an
  // IPv4 rule covers it too.
  const forms = address ? [address, embeddedIpv4(address)] : []
  return rules.find((rule) => {
    if (rule.port !== undefined && rule.port !== target.port) return false
    if (rule.type === 'host') return rule.host === host
    return forms.some((form) => form !== undefined && inNetwork(form, rule.network, rule.prefix))
  })
}
