import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { findChromium } from '../../scripts/findChromium.mjs'

/** Headless Chromium with one page of the app, its in-browser API answering. */
export interface AppInChromium {
  browser: Browser
  page: Page
  /** "Chromium <version>", for the result lines. */
  version: string
}

/** The same in a profile kept in a folder (Playwright's persistent context: no `Browser`; close `context`). */
export interface AppInKeptProfile {
  context: BrowserContext
  page: Page
  version: string
}

const ARGS = ['--no-sandbox', '--disable-background-networking']

/**
 * Launches the system Chromium and opens the app at `appUrl` (the sync server serving `dist/`, as in
 * production), then waits for the Collections heading and for the service worker to control the page:
 * from then on the page's `/api` requests are answered by the in-browser API (the service worker and the
 * API worker over IndexedDB). The caller closes `browser`.
 */
export async function openAppInChromium(appUrl: string): Promise<AppInChromium> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ARGS })
  try {
    const page = await (await browser.newContext()).newPage()
    await untilAppAnswers(page, appUrl)
    return { browser, page, version: `Chromium ${browser.version()}` }
  } catch (error) {
    await browser.close()
    throw error
  }
}

/**
 * `openAppInChromium` with the profile (IndexedDB included) kept in `profileDir`, so that a later run at
 * the same origin finds the data an earlier one stored there; its service worker and caches are cleared
 * first, so the page runs the build being measured.
 */
export async function openAppInKeptProfile(appUrl: string, profileDir: string): Promise<AppInKeptProfile> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath(),
    args: ARGS,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    // The kept profile's service worker serves the build it cached when the profile was made, and a new
    // one waits for the person to choose to update: without this, a kept run times the old code's page.
    await page.goto(appUrl)
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister()
      for (const key of await caches.keys()) await caches.delete(key)
    })
    await untilAppAnswers(page, appUrl)
    const version = await page.evaluate(() => /Chrom(?:e|ium)\/([\d.]+)/u.exec(navigator.userAgent)?.[1])
    return { context, page, version: `Chromium ${version ?? 'unknown'}` }
  } catch (error) {
    await context.close()
    throw error
  }
}

function chromiumPath(): string {
  const executablePath = findChromium()
  if (!executablePath) throw new Error('No Chromium found: install it or set CHROMIUM_PATH')
  return executablePath
}

async function untilAppAnswers(page: Page, appUrl: string): Promise<void> {
  await page.goto(appUrl)
  await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor({ timeout: 60_000 })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  })
}
