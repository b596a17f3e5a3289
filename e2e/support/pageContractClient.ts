import type { Page } from '@playwright/test'
import type { ContractClient, ContractResponse } from '../../web/core/testing/contract/ContractClient'
import { contractRequestInit } from '../../web/core/testing/contract/contractRequestInit'

/** The contract suite's client that sends every request with `fetch` from inside the page. */
export function pageContractClient(page: Page): ContractClient {
  return (request) =>
    page.evaluate(
      async ({ path, init, multipart }): Promise<ContractResponse> => {
        const body: RequestInit = { ...init }
        if (multipart) {
          // Built here: FormData cannot cross page.evaluate.
          const form = new FormData()
          for (const [name, value] of Object.entries(multipart.fields)) form.append(name, value)
          for (const file of multipart.files) {
            const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))
            form.append(file.field, new Blob([bytes], { type: file.type }), file.filename)
          }
          body.body = form
        }
        const response = await fetch(path, body)
        const headers: Record<string, string> = {}
        response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value))
        return { status: response.status, headers, text: await response.text() }
      },
      { path: request.path, init: contractRequestInit(request), multipart: request.multipart },
    )
}
