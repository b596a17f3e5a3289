import { afterAll, beforeAll, describe, it } from 'vitest'
import type { ContractClient } from '../../web/core/api/contract/ContractClient'
import { contractSuite } from '../../web/core/api/contract/contractSuite'
import { httpContractClient } from './httpContractClient'
import { startTestServer } from './startTestServer'

describe('REST contract on the Koa server (real HTTP)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let client: ContractClient
  beforeAll(async () => {
    server = await startTestServer()
    client = httpContractClient(server.url)
  })
  afterAll(() => server.stop())

  for (const testCase of contractSuite) {
    it(testCase.name, () => testCase.run(client))
  }
})
