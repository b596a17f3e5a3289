import { lookup as dnsLookup } from 'node:dns'
import { isIP } from 'node:net'
import { checkOutboundAddress, checkOutboundUrl, hostOf, portOf } from './checkOutboundUrl'
import { OutboundError } from './OutboundError'
import type { OutboundPolicy } from './OutboundPolicy'

/**
 * A line for the operator when a URL they configured themselves (GENERATOR_URL) is one the policy
 * will refuse, so a multi-user server with `GENERATOR_URL=http://localhost:11434` says at start how
 * to allow it instead of every person's chat failing later. Undefined when it passes, or when the name
 * does not resolve now (that is reported when it is used). Never throws.
 */
export async function operatorUrlWarning(
  variable: string,
  url: string,
  policy: OutboundPolicy,
): Promise<string | undefined> {
  try {
    const parsed = checkOutboundUrl(url, policy)
    const host = hostOf(parsed)
    const port = portOf(parsed)
    if (!isIP(host)) {
      const resolve = policy.lookup ?? dnsLookup
      const addresses = await new Promise<string[]>((done) =>
        resolve(host, { all: true }, (error, result) =>
          done(error ? [] : Array.isArray(result) ? result.map((entry) => entry.address) : [result]),
        ),
      )
      for (const address of addresses) checkOutboundAddress({ host, port, address }, policy)
    }
    return undefined
  } catch (error) {
    if (!(error instanceof OutboundError)) return undefined
    const parsed = new URL(url)
    return (
      `${variable} ${url}: ${error.message}. People's requests to it will fail in multi-user mode until ` +
      `OUTBOUND_ALLOW lists it (for example OUTBOUND_ALLOW=${parsed.host.includes(':') ? parsed.host : `${parsed.host}:${portOf(parsed)}`}).`
    )
  }
}
