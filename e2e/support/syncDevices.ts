import type { Browser, Page } from '@playwright/test'
import { STATIC_PORT, SYNC_PORT } from '../../playwright.config'
import { expect } from './test'
import { AccountPage } from '../pages/AccountPage'
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

type Person = ReturnType<typeof newPerson>

/** A new person and two devices of theirs (a laptop and a phone), both with the app open from `appOrigin`. */
export async function personWithTwoDevices(
  browser: Browser,
  appOrigin?: string,
): Promise<{ person: Person; laptop: Page; phone: Page }> {
  const person = newPerson()
  const laptop = await openDevice(browser, appOrigin)
  const phone = await openDevice(browser, appOrigin)
  return { person, laptop, phone }
}

/** Signs `person` up as `fullName` on the device `page` (its Account page), and sees them signed in. */
export async function signUpOn(page: Page, person: Person, fullName: string): Promise<AccountPage> {
  const account = new AccountPage(page)
  await account.open()
  await account.signUp({ server: syncServer, ...person, fullName })
  await expect(account.signedInAs(fullName)).toBeVisible()
  return account
}

/** Signs `person` in on another device `page` (its Account page), and sees them signed in as `fullName`. */
export async function signInOn(page: Page, person: Person, fullName: string): Promise<AccountPage> {
  const account = new AccountPage(page)
  await account.open()
  await account.signIn({ server: syncServer, email: person.email, password: person.password })
  await expect(account.signedInAs(fullName)).toBeVisible()
  return account
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
