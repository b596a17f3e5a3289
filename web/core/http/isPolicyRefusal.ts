/**
 * Whether a fetch failed because the host's outbound policy refused the URL (DESIGN.md section 10:
 * a loopback, private, link-local or metadata address in multi-user mode), not because the other end
 * is down. The server's outbound fetch says so with an error named `OutboundError` whose `failure` is
 * `refused` (sync-server/src/outbound/OutboundError.ts), possibly wrapped in fetch's TypeError `cause`.
 * Such a URL will never be reached however often it is tried: clients get a 4xx naming the rule, not
 * the 502 of an outage.
 */
export function isPolicyRefusal(error: unknown): boolean {
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 5; depth++) {
    const { name, failure } = cause as { name?: unknown; failure?: unknown }
    if (name === 'OutboundError' && failure === 'refused') return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}
