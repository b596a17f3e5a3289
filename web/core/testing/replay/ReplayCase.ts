import type { ContractClient } from '../contract/ContractClient'
import type { HostCase } from '../HostCase'

/**
 * One request a BrainDrive client makes (its own method, path, query and body), replayed against a
 * Quire host, asserting the fields that client reads from the answer. `sources` cite where the client
 * makes it: `owner/repo path:line`, one or more (the same call in several clients).
 */
export interface ReplayCase extends HostCase<ContractClient> {
  sources: string[]
  /**
   * The hosts that have the endpoint: both by default. Routes only the sync server has (jobs) are
   * replayed there alone; in the browser they are forwarded to a server, which the replay has not.
   */
  hosts?: Array<'server' | 'browser'>
}
