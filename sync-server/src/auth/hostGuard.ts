import { isIP } from 'node:net'
import type { Middleware } from 'koa'
import { ApiError } from '../../../web/core/kernel/ApiError'

export interface HostGuardOptions {
  /** ALLOWED_HOSTS: more names; `.example.com` also allows every subdomain of example.com. */
  allowedHosts?: readonly string[]
  /** HOST, the interface the server listens on: its name is one of the server's own. */
  listenHost?: string
  /** TRUST_PROXY: the name a client asked the proxy for (X-Forwarded-Host) is checked too. */
  trustProxy?: boolean
}

/**
 * Refuses a request whose `Host` is not one of the server's own names, which is what stops DNS
 * rebinding: a page of evil.example whose name is made to resolve to 127.0.0.1 talks to this server
 * as its own origin (so CORS never applies), but its requests still say `Host: evil.example`.
 *
 * The server's names: `localhost` and `*.localhost` (they never leave the machine), HOST when it is
 * a name, ALLOWED_HOSTS, and any IP address: an address cannot be rebound, as a page only has the
 * origin `http://192.168.1.20` if it came from that address. Ports are ignored (a proxy may forward
 * :443 to :8005). A request without Host (HTTP/1.0) is no browser's and passes. Behind a trusted
 * proxy, X-Forwarded-Host must be an own name as well: the proxy may pass the client's Host on in it.
 */
export function hostGuard(options: HostGuardOptions): Middleware {
  const isOwn = ownHostMatcher(options)
  return async (ctx, next) => {
    const names = [ctx.get('host')]
    if (options.trustProxy) names.push(...ctx.get('x-forwarded-host').split(','))
    for (const raw of names) {
      const name = hostName(raw)
      if (name !== '' && !isOwn(name)) {
        const shown = name.length > 100 ? `${name.slice(0, 100)}…` : name
        throw new ApiError(
          403,
          `This server does not answer to the host name "${shown}"; its operator can add it to ALLOWED_HOSTS`,
        )
      }
    }
    return next()
  }
}

/** Whether a host name (lower case, no port, IPv6 without brackets) is one of the server's own. */
export function ownHostMatcher(options: Omit<HostGuardOptions, 'trustProxy'>): (name: string) => boolean {
  const exact = new Set<string>(['localhost'])
  const suffixes = ['.localhost']
  const listen = options.listenHost ? hostName(options.listenHost) : ''
  if (listen !== '') exact.add(listen)
  for (const entry of options.allowedHosts ?? []) {
    const name = hostName(entry.replace(/^\*\./u, '.'))
    if (name.startsWith('.')) {
      suffixes.push(name)
      exact.add(name.slice(1))
    } else if (name !== '') exact.add(name)
  }
  return (name) => isIP(name) !== 0 || exact.has(name) || suffixes.some((suffix) => name.endsWith(suffix))
}

/**
 * The name in a Host value: lower case, without port, without a trailing dot (`localhost.` is
 * localhost), IPv6 without brackets. Empty when there is none.
 */
export function hostName(value: string): string {
  let host = value.trim().toLowerCase()
  if (host.startsWith('[')) {
    const end = host.indexOf(']')
    return end > 0 ? host.slice(1, end) : host
  }
  // A bare IPv6 address (HOST=::1) has colons but no port.
  if (isIP(host) === 6) return host
  const colon = host.lastIndexOf(':')
  if (colon >= 0) host = host.slice(0, colon)
  return host.endsWith('.') ? host.slice(0, -1) : host
}
