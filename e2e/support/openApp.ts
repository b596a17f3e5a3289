import { expect, type Page } from '@playwright/test'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/**
 * Opens the app and waits until its in-browser API answers the page's own requests (straight from the API
 * worker: the app draws without waiting for the service worker). On a first visit the service worker is
 * still precaching the app then: a test that goes offline, or needs /api routed for a plugin's frame or a
 * script, waits for `untilServiceWorker` as well.
 */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path)
  // A request made while the in-browser API is still starting waits for it (never the network, which on
  // the sync server's origin is the server): the very first answer comes from the browser.
  expect(await page.evaluate(async () => (await fetch('/api/health')).headers.get('x-quire-host'))).toBe(
    'browser',
  )
}

/**
 * Waits until the service worker controls the page and msw routes its /api requests: the precache is
 * complete then, so a reload works offline.
 */
export async function untilServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: scaledTimeout(30_000),
  })
  // A path no route has: the direct path leaves it to msw, and the page holds it until msw routes it, so
  // the browser's own 404 answers it only then (the network's would carry no X-Quire-Host).
  expect(
    await page.evaluate(async () => (await fetch('/api/v1/no-such-route')).headers.get('x-quire-host')),
  ).toBe('browser')
}
