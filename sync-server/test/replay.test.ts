import { afterAll, beforeAll, describe, it } from 'vitest'
import type { ContractClient } from '../../web/core/api/contract/ContractClient'
import { replaySuite } from '../../web/core/api/replay/replaySuite'
import { httpContractClient } from './httpContractClient'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { NO_USER_RATE_LIMIT } from './noUserRateLimit'

// BrainDrive's clients against the Koa server over real HTTP, as a new account (what sign-up seeds
// included), signed in as those clients are.
describe('BrainDrive client replay on the Koa server (real HTTP, a new account)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let client: ContractClient
  beforeAll(async () => {
    server = await startTestServer({
      accounts: true,
      rateLimits: NO_USER_RATE_LIMIT,
    })
    const user = await signUpForTest(server.url, 'replay')
    client = httpContractClient(server.url, user.auth)
  })
  afterAll(() => server.stop())

  for (const testCase of replaySuite.filter((c) => !c.hosts || c.hosts.includes('server'))) {
    it(`${testCase.name} [${testCase.sources.join('; ')}]`, () => testCase.run(client))
  }
})
