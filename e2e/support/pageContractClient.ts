import type { Page } from '@playwright/test'
import type { ContractClient, ContractResponse } from '../../web/core/api/contract/ContractClient'
import { contractRequestInit } from '../../web/core/api/contract/contractRequestInit'

/** The contract suite's client that sends every request with `fetch` from inside the page. */
export function pageContractClient(page: Page): ContractClient {
  return (request) =>
    page.evaluate(
      async ({ path, init }): Promise<ContractResponse> => {
        const response = await fetch(path, init)
        const headers: Record<string, string> = {}
        response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value))
        return { status: response.status, headers, text: await response.text() }
      },
      { path: request.path, init: contractRequestInit(request) },
    )
}
