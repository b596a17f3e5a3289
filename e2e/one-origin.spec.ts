import { expect, test, type BrowserContext, type Page } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { AccountPage } from './pages/AccountPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { startQuireServer, type QuireServer } from './support/startQuireServer'
import { newPerson } from './support/syncDevices'
import { untilServiceWorker } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// The deployment people run: `npm start`, then the app opened at the server's own address, where the
// page's /api requests (answered in the browser) and the server's own routes share one origin.
const port = Number(process.env.E2E_ONE_ORIGIN_PORT ?? SYNC_PORT + 2)

/** What a page fetched of /api/health before its app had started, and who answered it. */
declare global {
  interface Window {
    quireEarly?: Record<string, string>
  }
}

test.describe.serial('one origin: the app served by the sync server', () => {
  let server: QuireServer
  let context: BrowserContext
  let page: Page
  const pageErrors: string[] = []
  const person = newPerson()

  test.beforeAll(async ({ browser }) => {
    server = await startQuireServer(port)
    context = await browser.newContext({ baseURL: server.origin })
    // Requests made before the app's own code has run: at document start (only a page the service
    // worker saw load can be held there) and once the page's scripts have run.
    await context.addInitScript(() => {
      const ask = (when: string) =>
        fetch('/api/health').then(
          (response) => {
            window.quireEarly = { ...window.quireEarly, [when]: response.headers.get('x-quire-host') ?? '' }
          },
          (error: unknown) => {
            window.quireEarly = { ...window.quireEarly, [when]: `failed: ${String(error)}` }
          },
        )
      if (navigator.serviceWorker.controller) void ask('documentStart')
      document.addEventListener('DOMContentLoaded', () => void ask('scriptsRun'))
    })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
  })

  test.afterAll(async () => {
    await context?.close()
    await server?.stop()
    server?.remove()
  })

  test('the first visit takes control without a reload, and early requests wait for the in-browser API', async () => {
    // Loads of a document (router history changes are navigations too, but load nothing).
    let loads = 0
    page.on('load', () => (loads += 1))
    await page.goto('/')
    await expect(new CollectionsPage(page).heading).toBeVisible()
    // The app draws before its precache is complete; the worker takes control once it is.
    await untilServiceWorker(page)
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/)
    expect(loads).toBe(1)
    expect(
      await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
      ),
    ).toBe('navigate')
    await expect.poll(() => page.evaluate(() => window.quireEarly?.scriptsRun)).toBe('browser')

    // A return visit: the service worker saw the page load and holds its requests until the API is up.
    await page.reload()
    await expect(new CollectionsPage(page).heading).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => window.quireEarly))
      .toEqual({
        documentStart: 'browser',
        scriptsRun: 'browser',
      })
    expect(pageErrors).toEqual([])
  })

  test('sign up and sign in at the same address; the server routes reach the server; a script and the browser share data; sign out', async ({
    request,
  }) => {
    const account = new AccountPage(page)
    await account.open()
    await account.signUp({ server: server.origin, ...person, fullName: 'Margaret Hamilton' })
    await expect(account.signedInAs('Margaret Hamilton')).toBeVisible()
    await expect(account.syncState).toHaveText('Up to date', { timeout: scaledTimeout(30_000) })

    // Routes only the server has reach it with the account's token; the browser answers its own.
    const fromPage = (path: string, init?: { method: string; json: unknown }) =>
      page.evaluate(
        async ({ path, init }) => {
          const response = await fetch(path, {
            method: init?.method ?? 'GET',
            headers: init ? { 'content-type': 'application/json' } : {},
            body: init ? JSON.stringify(init.json) : undefined,
          })
          return {
            status: response.status,
            host: response.headers.get('x-quire-host'),
            body: (await response.json()) as Record<string, unknown>,
          }
        },
        { path, init },
      )
    const token = await fromPage('/api/v1/auth/tokens', { method: 'POST', json: { name: 'from the page' } })
    expect(token).toMatchObject({ status: 201, host: 'server', body: { name: 'from the page' } })
    expect(await fromPage('/api/v1/jobs')).toMatchObject({ status: 200, host: 'server' })
    expect(await fromPage('/api/v1/auth/me')).toMatchObject({
      status: 200,
      host: 'browser',
      body: { email: person.email },
    })

    // What the browser makes reaches scripts, and what a script makes reaches the browser.
    const collections = new CollectionsPage(page)
    await collections.open()
    await collections.create({ name: 'Made in the browser', description: 'on one origin' })
    const auth = { authorization: `Bearer ${String(token.body.token)}` }
    await expect
      .poll(
        async () =>
          (
            (await (
              await request.get(`${server.origin}/api/collections/`, { headers: auth })
            ).json()) as Array<{
              name: string
            }>
          ).map((c) => c.name),
        { timeout: scaledTimeout(30_000) },
      )
      .toContain('Made in the browser')
    const scripted = await request.post(`${server.origin}/api/collections/`, {
      headers: auth,
      data: { name: 'Made by a script', description: 'curl would do the same' },
    })
    expect(scripted.status()).toBe(201)
    await expect(collections.card('Made by a script')).toBeVisible({ timeout: scaledTimeout(30_000) })

    await account.open()
    await account.signOut()
    await expect(account.signedInAs('Margaret Hamilton')).toHaveCount(0)
    // Signed out, the page's request reaches the server without credentials: the server's own 401.
    expect(await fromPage('/api/v1/jobs')).toMatchObject({ status: 401, host: 'server' })
    expect(pageErrors).toEqual([])
  })

  test('with the server stopped the app reloads offline, and routes only the server has answer 503', async () => {
    await server.stop()
    await page.reload()
    const collections = new CollectionsPage(page)
    await collections.open()
    await expect(collections.card('Made by a script')).toBeVisible()
    await expect(collections.card('Made in the browser')).toBeVisible()
    const jobs = await page.evaluate(async () => {
      const response = await fetch('/api/v1/jobs')
      return { status: response.status, body: (await response.json()) as { detail?: string } }
    })
    expect(jobs.status).toBe(503)
    expect(jobs.body.detail).toMatch(/GET \/api\/v1\/jobs is answered only by the Quire sync server/)
    // A path neither host has is still a plain 404.
    expect(await page.evaluate(async () => (await fetch('/api/v1/no-such-thing')).status)).toBe(404)
    expect(pageErrors).toEqual([])
  })
})
