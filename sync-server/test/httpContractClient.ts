import type { ContractClient } from '../../web/core/api/contract/ContractClient'

/** The contract suite's client over real HTTP (Node's fetch) to a running server. */
export function httpContractClient(baseUrl: string): ContractClient {
  return async ({ method, path, json, raw, headers }) => {
    const init: RequestInit = { method, headers: { ...headers } }
    if (json !== undefined) {
      init.body = JSON.stringify(json)
      init.headers = { 'content-type': 'application/json', ...headers }
    } else if (raw !== undefined) {
      init.body = raw
    }
    const response = await fetch(baseUrl + path, init)
    return {
      status: response.status,
      headers: Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v])),
      text: await response.text(),
    }
  }
}
