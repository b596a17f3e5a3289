import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os'

type Interfaces = Record<string, NetworkInterfaceInfo[] | undefined>

/**
 * The addresses the server really answers at, as URLs, for the ready line. Bound to every interface
 * (no HOST: IPv6 and IPv4; `::` the same; `0.0.0.0`: IPv4), that is every address of every interface,
 * loopback first, so the operator sees at once that the server is reachable from the network (and
 * at which address); bound to one address or name, that one. IPv6 link-local addresses are left out:
 * they need the interface's zone, which a browser's URL cannot carry.
 */
export function listenUrls(
  host: string | undefined,
  port: number,
  interfaces: Interfaces = networkInterfaces(),
): string[] {
  const url = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`
  if (host !== undefined && host !== '' && host !== '0.0.0.0' && host !== '::') return [url(host)]
  const families = host === '0.0.0.0' ? ['IPv4'] : ['IPv4', 'IPv6']
  const addresses = Object.values(interfaces)
    .flatMap((infos) => infos ?? [])
    .filter((info) => families.includes(info.family) && !/^fe[89ab]/i.test(info.address))
    // Loopback first, then IPv4 before IPv6, each in the order the system lists them.
    .sort(
      (a, b) =>
        Number(b.internal) - Number(a.internal) || families.indexOf(a.family) - families.indexOf(b.family),
    )
  const unique = [...new Set(addresses.map((info) => info.address))]
  return unique.length > 0 ? unique.map(url) : [url(host === '0.0.0.0' ? '127.0.0.1' : 'localhost')]
}
