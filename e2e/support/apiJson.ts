import type { Page } from '@playwright/test'

/**
 * A JSON call to the page's own API (the in-browser one), answered with its JSON (undefined for 204).
 * It fails loudly: a refusal throws with the method, path, status and body, so a test's setup that the
 * API turned down stops there rather than failing later on a missing record.
 */
export async function apiJson<T = { id: string }>(
  page: Page,
  path: string,
  method: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
      return (response.status === 204 ? undefined : await response.json()) as T
    },
    { path, method, body },
  )
}
