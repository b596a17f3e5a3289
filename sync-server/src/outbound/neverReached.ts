import { checkOutboundAddress, checkOutboundUrl, hostOf, portOf } from './checkOutboundUrl'
import type { OutboundPolicy } from './OutboundPolicy'

/**
 * Why the policy will refuse every request to `url`, known before any is made: not http(s), an IP
 * address it refuses, or `localhost` (and names under `.localhost`, which always resolve to the
 * machine itself, RFC 6761) when loopback addresses are refused. Undefined when the URL may be
 * reached; other names are judged on what they resolve to when connecting (guardedConnector). So a
 * setting can be refused where it is saved, in the words a request to it would fail with.
 */
export function neverReached(url: string, policy: OutboundPolicy): string | undefined {
  try {
    const parsed = checkOutboundUrl(url, policy)
    const host = hostOf(parsed)
    if (host === 'localhost' || host.endsWith('.localhost')) {
      checkOutboundAddress({ host, port: portOf(parsed), address: '127.0.0.1' }, policy)
    }
    return undefined
  } catch (refusal) {
    return refusal instanceof Error ? refusal.message : String(refusal)
  }
}
