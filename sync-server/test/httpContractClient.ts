import type { ContractClient } from '../../web/core/testing/contract/ContractClient'
import { contractRequestInit } from '../../web/core/testing/contract/contractRequestInit'

/**
 * The contract suite's client over real HTTP (Node's fetch) to a running server; `headers` go with
 * every request (the caller's `Authorization`).
 */
export function httpContractClient(baseUrl: string, headers: Record<string, string> = {}): ContractClient {
  return async (request) => {
    const init: RequestInit = contractRequestInit({ ...request, headers: { ...headers, ...request.headers } })
    if (request.multipart) {
      const form = new FormData()
      for (const [name, value] of Object.entries(request.multipart.fields)) form.append(name, value)
      for (const file of request.multipart.files) {
        form.append(
          file.field,
          new Blob([Buffer.from(file.base64, 'base64')], { type: file.type }),
          file.filename,
        )
      }
      init.body = form
    }
    const response = await fetch(baseUrl + request.path, init)
    return {
      status: response.status,
      headers: Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v])),
      text: await response.text(),
    }
  }
}
