import type { Browser, Page } from '@playwright/test'
import { STATIC_PORT, SYNC_PORT } from '../../playwright.config'
import { openApp } from './openApp'

/** The sync server the Playwright config starts. */
export const syncServer = `http://127.0.0.1:${SYNC_PORT}`

/**
 * The two ways people run Quire with a sync server: the app from elsewhere (here the static test
 * server) signed in to the server on another origin, and the app served by the sync server itself,
 * where the page's /api requests and the server's routes share one origin.
 */
export const deployments = [
  { name: 'app and server on two origins', appOrigin: `http://127.0.0.1:${STATIC_PORT}` },
  { name: 'app served by the sync server', appOrigin: syncServer },
] as const

/** A new person for the sync server: unique names, a password the server accepts. */
export function newPerson() {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return { username: `sync_${tag}`, email: `sync-${tag}@example.com`, password: 'correct horse battery' }
}

/**
 * One device of a person: a fresh browser context (its own IndexedDB, service worker and API worker)
 * with the app open and its in-browser API answering. `appOrigin` is where the app is loaded from:
 * the static test server (the default), or the sync server itself, as `npm start` serves it.
 */
export async function openDevice(browser: Browser, appOrigin?: string): Promise<Page> {
  const context = await browser.newContext(appOrigin ? { baseURL: appOrigin } : {})
  const page = await context.newPage()
  await openApp(page)
  return page
}

/** A call to the device's own REST surface (the in-browser API), answered with its JSON. */
export function api<T = Record<string, unknown>>(
  page: Page,
  path: string,
  init?: { method?: string; json?: unknown },
) {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init?.method ?? 'GET',
        headers: init?.json === undefined ? {} : { 'content-type': 'application/json' },
        body: init?.json === undefined ? undefined : JSON.stringify(init.json),
      })
      return (await response.json()) as unknown
    },
    { path, init },
  ) as Promise<T>
}
