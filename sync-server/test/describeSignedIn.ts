import { afterAll, beforeAll, describe, it } from 'vitest'
import type { ServerConfig } from '../src/config'
import type { ContractClient } from '../../web/core/testing/contract/ContractClient'
import type { HostCase } from '../../web/core/testing/HostCase'
import { parseOutboundAllow } from '../src/outbound/outboundAllow'
import { httpContractClient } from './httpContractClient'
import { NO_USER_RATE_LIMIT } from './noUserRateLimit'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'

/**
 * Runs host-agnostic cases (the REST contract, the client replay) against the Koa server as it runs by
 * default: with accounts, every request from one newly signed-up person over real HTTP. The per-user
 * limit is off: the suites poll faster than a person would. `config` gives more server settings
 * (another database) when the server starts.
 */
export function describeSignedIn(
  title: string,
  label: string,
  cases: ReadonlyArray<HostCase<ContractClient> & { title?: string }>,
  config?: () => Promise<Partial<ServerConfig>>,
): void {
  describe(title, () => {
    let server: Awaited<ReturnType<typeof startTestServer>>
    let client: ContractClient
    beforeAll(async () => {
      server = await startTestServer({
        accounts: true,
        rateLimits: NO_USER_RATE_LIMIT,
        // The contract's "dead endpoints", http://127.0.0.1:9 and :10, stand for servers that are down,
        // as on the browser host: allowed, so they are tried and refused by the OS (502), rather than
        // refused by the outbound policy when saved (400, outboundRefusals.test.ts).
        outbound: { allow: parseOutboundAllow('127.0.0.1:9,127.0.0.1:10') },
        config: await config?.(),
      })
      const user = await signUpForTest(server.url, label)
      client = httpContractClient(server.url, user.auth)
    })
    afterAll(() => server.stop())

    for (const testCase of cases) {
      it(testCase.title ?? testCase.name, () => testCase.run(client))
    }
  })
}
