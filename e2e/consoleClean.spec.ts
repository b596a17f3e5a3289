import { expect, test, type Page } from './support/test'
import { AccountPage } from './pages/AccountPage'
import { CollectionPage } from './pages/CollectionPage'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { collectErrors } from './support/collectErrors'
import { openApp, untilServiceWorker } from './support/openApp'
import { seedNotesCollection } from './support/seedNotesCollection'
import { newPerson, syncServer } from './support/syncDevices'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// The console stays free of errors on every screen, signed out and signed in, on the sync server's own
// origin (`npm start`: the page's /api and the server's routes share it), and signed out on a static host,
// at a desktop's and a phone's size. Every screen is loaded afresh (its start included) and given a
// moment for what it asks for in the background (a collection's folder, the server's folders, the sync
// status): a 401 or a 404 that the browser logs there is an error a person sees in the console. Nothing
// is allowed.

/** A screen: where it is, and what shows once it has drawn. */
interface Screen {
  name: string
  path: string
  heading: string | RegExp
}

/**
 * How long a screen is watched after it has drawn: its background requests (folder, roots, sync) go.
 * Measured (every request, response and console line of the context, workers included, logged around
 * each visit): they all go before the heading draws or within 60 ms after it, on a quiet machine and at
 * a load of 3.5 per core alike. 500 ms keeps eight times that; it was 1.5 s, 78 visits in all (a
 * minute and a half of the suite spent waiting).
 */
const SETTLE_MS = 500

function screens(ids: { collectionId: string; pageId: string }): Screen[] {
  return [
    { name: 'collections', path: '/collections', heading: 'Collections' },
    { name: 'a collection', path: `/collections/${ids.collectionId}`, heading: 'Harbour' },
    { name: 'chat', path: '/chat', heading: 'Chat' },
    { name: 'search', path: '/search', heading: 'Search' },
    { name: 'evaluation', path: '/evaluation', heading: 'Evaluation' },
    { name: 'pages', path: '/pages', heading: 'Pages' },
    { name: 'a page with a Chat module', path: '/p/console-board', heading: 'Console board' },
    { name: 'the designer', path: `/designer/${ids.pageId}`, heading: 'Design Console board' },
    { name: 'plugins', path: '/plugins', heading: 'Plugins' },
    { name: 'settings', path: '/settings', heading: 'Settings' },
    { name: 'account', path: '/account', heading: 'Account' },
    { name: 'the API explorer', path: '/docs', heading: 'API explorer' },
  ]
}

/** Loads each screen and waits until it has drawn and settled; then opens a document in the reader. */
async function visitEveryScreen(page: Page, all: Screen[], errors: string[], state: string) {
  for (const screen of all) {
    await page.goto(screen.path)
    await expect(
      page.getByRole('heading', { name: screen.heading, level: 1 }),
      `${screen.name} (${state})`,
    ).toBeVisible()
    await page.waitForTimeout(SETTLE_MS)
    expect(errors, `console errors on ${screen.name} (${state})`).toEqual([])
  }
  // The document reader, over a collection's page.
  await page.goto(all[1]!.path)
  const reader = await new CollectionPage(page).openDocument('harbour.md')
  await expect(reader.getByText('The spring tide at the northern jetty')).toBeVisible()
  await page.waitForTimeout(SETTLE_MS)
  expect(errors, `console errors in the document reader (${state})`).toEqual([])
  await page.keyboard.press('Escape')
}

/** The page's errors as the console shows them (see below), the service worker's included. */
function watchErrors(page: Page): string[] {
  const errors = collectErrors(page)
  page.context().on('console', (message) => {
    if (message.type() === 'error' && message.page() === null) errors.push(`worker: ${message.text()}`)
  })
  // The console shows "Failed to load resource" for every request the page or its workers (the API
  // worker, which sends the server's requests) had refused. Playwright reports that line for the
  // page's own requests only; the workers' come as responses: so every refused response is an error.
  page.on('response', (response) => {
    if (response.status() >= 400) {
      errors.push(`refused: ${response.status()} ${response.request().method()} ${response.url()}`)
    }
  })
  return errors
}

/** The app opened, its service worker in control, a collection with a document and a page with a Chat. */
async function seed(page: Page, errors: string[]): Promise<Screen[]> {
  await openApp(page, '/collections')
  // Its probe, a path no route has, is answered 404 on purpose.
  await untilServiceWorker(page)
  errors.length = 0
  const collectionId = await seedNotesCollection(page, 'Harbour')
  // A page with Quire's own Chat module and no collection for it: it offers the choice (a hint).
  const pageId = await new PluginBoardPage(page).create('Console board', 'console-board', [
    { i: 'chat', pluginId: 'quire', moduleId: 'Chat', x: 0, y: 0, w: 12, h: 6 },
  ])
  return screens({ collectionId, pageId })
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport })

    test('on a static host, signed out, every screen leaves the console free of errors', async ({ page }) => {
      test.setTimeout(scaledTimeout(180_000))
      const errors = watchErrors(page)
      await visitEveryScreen(page, await seed(page, errors), errors, 'static host')
    })

    test('on the server, every screen, signed out and signed in, leaves the console free of errors', async ({
      browser,
    }) => {
      test.setTimeout(scaledTimeout(240_000))
      const context = await browser.newContext({ viewport, baseURL: syncServer })
      const page = await context.newPage()
      const errors = watchErrors(page)
      const all = await seed(page, errors)

      await visitEveryScreen(page, all, errors, 'signed out')

      const account = new AccountPage(page)
      await account.open()
      await account.signUp({ server: syncServer, ...newPerson(), fullName: 'Console Watcher' })
      await account.answerLocalData('Merge into my account')
      await expect(account.signedInAs('Console Watcher')).toBeVisible()
      await expect(account.syncState).toHaveText('Up to date', { timeout: scaledTimeout(30_000) })
      expect(errors, 'console errors while signing up').toEqual([])

      await visitEveryScreen(page, all, errors, 'signed in')
      await context.close()
    })
  })
}
