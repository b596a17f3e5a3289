import type { Page } from '@playwright/test'
import type { ContractClient, ContractResponse } from '../../web/core/api/contract/ContractClient'

/** The contract suite's client that sends every request with `fetch` from inside the page. */
export function pageContractClient(page: Page): ContractClient {
  return (request) =>
    page.evaluate(async ({ method, path, json, raw, headers }): Promise<ContractResponse> => {
      const init: RequestInit = { method, headers: { ...headers } }
      if (json !== undefined) {
        init.body = JSON.stringify(json)
        init.headers = { 'content-type': 'application/json', ...headers }
      } else if (raw !== undefined) {
        init.body = raw
      }
      const response = await fetch(path, init)
      const responseHeaders: Record<string, string> = {}
      response.headers.forEach((value, name) => (responseHeaders[name.toLowerCase()] = value))
      return { status: response.status, headers: responseHeaders, text: await response.text() }
    }, request)
}
