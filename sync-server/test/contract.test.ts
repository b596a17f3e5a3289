import { afterAll, beforeAll, describe, it } from 'vitest'
import type { ContractClient } from '../../web/core/api/contract/ContractClient'
import { contractSuite } from '../../web/core/api/contract/contractSuite'
import { httpContractClient } from './httpContractClient'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { NO_USER_RATE_LIMIT } from './noUserRateLimit'

// As the server runs by default: with accounts, every request from a signed-in user (a personal
// access token). The per-user limit is raised: the suite polls faster than a person would.
describe('REST contract on the Koa server (real HTTP, signed in)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let client: ContractClient
  beforeAll(async () => {
    server = await startTestServer({
      accounts: true,
      rateLimits: NO_USER_RATE_LIMIT,
    })
    const user = await signUpForTest(server.url, 'contract')
    client = httpContractClient(server.url, user.auth)
  })
  afterAll(() => server.stop())

  for (const testCase of contractSuite) {
    it(testCase.name, () => testCase.run(client))
  }
})
