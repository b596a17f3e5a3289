import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { buildConnector } from 'undici'
import { checkOutboundAddress } from './checkOutboundUrl'
import type { OutboundPolicy } from './OutboundPolicy'

/**
 * undici's connector with the policy in the connection itself: an IP host is checked before the
 * socket is made, and a host name is resolved by a lookup that checks every address it returned
 * before the socket connects to one of them. So the address checked is the address connected to,
 * whatever the name resolved to a moment earlier (DNS rebinding), and a refused address never sees
 * a packet. Any one refused address refuses the name (a name that mixes public and private
 * addresses is not something a person's provider needs).
 */
export function guardedConnector(policy: OutboundPolicy): buildConnector.connector {
  return (options, callback) => {
    const host = options.hostname
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80)
    if (isIP(host)) {
      try {
        checkOutboundAddress({ host, port, address: host }, policy)
      } catch (refusal) {
        callback(refusal as Error, null)
        return
      }
    }
    // A connector per connection: the lookup must know the host and port it resolves for (rules may
    // name a port), and node's lookup hook is not told them.
    const connect = buildConnector({
      timeout: policy.connectTimeoutMs,
      lookup: guardedLookup(host, port, policy),
    })
    connect(options, callback)
  }
}

function guardedLookup(host: string, port: number, policy: OutboundPolicy): LookupFunction {
  const resolve: LookupFunction = policy.lookup ?? dnsLookup
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, result) => {
      if (error) return callback(error, '')
      const addresses: LookupAddress[] = Array.isArray(result)
        ? result
        : [{ address: result, family: isIP(result) }]
      const first = addresses[0]
      if (!first) {
        const none = Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' })
        return callback(none, '')
      }
      try {
        for (const { address } of addresses) checkOutboundAddress({ host, port, address }, policy)
      } catch (refusal) {
        return callback(refusal as NodeJS.ErrnoException, '')
      }
      if (options.all) callback(null, addresses)
      else callback(null, first.address, first.family)
    })
  }
}
