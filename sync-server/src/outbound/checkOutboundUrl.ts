import { isIP } from 'node:net'
import { classifyAddress, describeKind } from './classifyAddress'
import { OutboundError } from './OutboundError'
import type { OutboundPolicy } from './OutboundPolicy'
import { findAllowRule, type OutboundTarget } from './outboundAllow'

/**
 * What can be told about a URL before any connection: it must parse and be http(s), and a host that
 * is an IP address (after the URL parser's normalising: `http://2130706433/` and `http://0x7f.1/` are
 * 127.0.0.1) must be one the policy lets through. A host name is checked on the addresses it resolves
 * to, when connecting (`guardedConnector`), so a name that changes its answer in between (DNS
 * rebinding) gains nothing. Returns the parsed URL; throws an OutboundError saying why not.
 */
export function checkOutboundUrl(input: string | URL, policy: OutboundPolicy): URL {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    throw new OutboundError('refused', `${clip(String(input))} is not a valid URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError(
      'refused',
      `${clip(url.href)} is not an http:// or https:// URL, and this server fetches no other kind`,
    )
  }
  const host = hostOf(url)
  if (isIP(host)) checkOutboundAddress({ host, port: portOf(url), address: host }, policy)
  return url
}

/**
 * Whether the policy lets a connection to `address` (for `host:port`) happen: any address in
 * single-user mode; otherwise a public one, or one OUTBOUND_ALLOW lists (by host, host:port or
 * network). Throws an OutboundError that says which address, what kind, and how an operator allows it.
 */
export function checkOutboundAddress(target: OutboundTarget, policy: OutboundPolicy): void {
  if (policy.reachPrivateAddresses) return
  const { kind, address } = classifyAddress(target.address)
  if (kind === 'public' || findAllowRule(policy.allow, target)) return
  const why = isIP(target.host)
    ? `${address} is ${describeKind(kind)}`
    : `${target.host} resolves to ${describeKind(kind)} ${address}`
  throw new OutboundError(
    'refused',
    `${why}, which this server does not reach; an operator can allow it with OUTBOUND_ALLOW`,
  )
}

/** The URL's host as connections see it: lower case, IPv6 without brackets, no trailing dot. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '')
}

/** The port a connection to the URL uses (the URL parser leaves the scheme's default out). */
export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port)
  return url.protocol === 'https:' ? 443 : 80
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}
