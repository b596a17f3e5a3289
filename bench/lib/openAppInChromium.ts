import { chromium, type Browser, type Page } from '@playwright/test'
import { findChromium } from '../../scripts/findChromium.mjs'

/** Headless Chromium with one page of the app, its in-browser API answering. */
export interface AppInChromium {
  browser: Browser
  page: Page
  /** "Chromium <version>", for the result lines. */
  version: string
}

/**
 * Launches the system Chromium and opens the app at `appUrl` (the sync server serving `dist/`, as in
 * production), then waits for the Collections heading and for the service worker to control the page:
 * from then on the page's `/api` requests are answered by the in-browser API (the service worker and the
 * API worker over IndexedDB). The caller closes `browser`.
 */
export async function openAppInChromium(appUrl: string): Promise<AppInChromium> {
  const executablePath = findChromium()
  if (!executablePath) throw new Error('No Chromium found: install it or set CHROMIUM_PATH')
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-background-networking'],
  })
  try {
    const page = await (await browser.newContext()).newPage()
    await page.goto(appUrl)
    await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor({ timeout: 60_000 })
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    })
    return { browser, page, version: `Chromium ${browser.version()}` }
  } catch (error) {
    await browser.close()
    throw error
  }
}
