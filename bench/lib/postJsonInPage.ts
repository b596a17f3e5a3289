import type { Page } from '@playwright/test'

/**
 * A JSON request from the page, answered by its in-browser API; the answer's JSON. Throws with the
 * status and the start of the body when the status is not `expected`.
 */
export async function postJsonInPage<T>(
  page: Page,
  path: string,
  body: unknown,
  expected: number,
  method = 'POST',
): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, body, method }) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, text: await response.text() }
    },
    { path, body, method },
  )
  if (answer.status !== expected) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`)
  }
  return JSON.parse(answer.text) as T
}
