import type { Browser, Page } from '@playwright/test'
import { openApp } from './openApp'

/** A new person for the sync server: unique names, a password the server accepts. */
export function newPerson() {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return { username: `sync_${tag}`, email: `sync-${tag}@example.com`, password: 'correct horse battery' }
}

/**
 * One device of a person: a fresh browser context (its own IndexedDB, service worker and API worker)
 * with the app open and its in-browser API answering.
 */
export async function openDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
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
