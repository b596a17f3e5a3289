import { expect, type Page } from '@playwright/test'

/**
 * Opens the app and waits until the in-browser API answers: the service worker controls the page
 * and msw routes /api requests to the API worker.
 */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  })
  // A request made while the in-browser API is still starting waits for it (never the network, which on
  // the sync server's origin is the server): the very first answer comes from the browser.
  expect(await page.evaluate(async () => (await fetch('/api/health')).headers.get('x-quire-host'))).toBe(
    'browser',
  )
}
