import type { ContractClient } from '../../web/core/api/contract/ContractClient'
import { contractRequestInit } from '../../web/core/api/contract/contractRequestInit'

/** The contract suite's client over real HTTP (Node's fetch) to a running server. */
export function httpContractClient(baseUrl: string): ContractClient {
  return async (request) => {
    const response = await fetch(baseUrl + request.path, contractRequestInit(request))
    return {
      status: response.status,
      headers: Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v])),
      text: await response.text(),
    }
  }
}
