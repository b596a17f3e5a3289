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
  await expect
    .poll(() => page.evaluate(async () => (await fetch('/api/health')).headers.get('x-quire-host')), {
      timeout: 30_000,
    })
    // On the sync server's origin, the server answers until msw is ready: wait for the browser's API.
    .toBe('browser')
}
