import type { TimedAnswer, TimedCall } from './TimedCall'
import { timeCalls } from './timeCalls'

/**
 * Times `calls` one after another against the sync server at `baseUrl` from this process, as a script
 * reaches it (Node's fetch, one keep-alive connection); the same measurements as `timeCallsInPage`.
 */
export function timeCallsOnServer(baseUrl: string, calls: readonly TimedCall[]): Promise<TimedAnswer[]> {
  return timeCalls({ calls, baseUrl, header: null })
}
