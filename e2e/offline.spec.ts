import { readdirSync } from 'node:fs'
import { expect, test } from './support/test'
import { CollectionsPage } from './pages/CollectionsPage'
import { openApp, untilServiceWorker } from './support/openApp'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// A person's first visit, then the network goes away: the app, its data and its lazily loaded
// routes keep working from the service worker's precache and IndexedDB.
test('works offline after the first visit', async ({ page, context }) => {
  await openApp(page, '/')
  const collections = new CollectionsPage(page)
  await expect(collections.heading).toBeVisible()
  await untilServiceWorker(page)
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
  expect(controller).toMatch(/\/sw\.js$/)

  await collections.create({ name: 'Research notes', description: 'Papers to read', colour: '#2f855a' })
  await page.screenshot({ path: 'e2e/output/screens/collections-online.png', fullPage: true })

  // transformers.js (a copy in each worker that can load a model) is not precached: it is cached when a
  // model first loads it, and from then on comes offline too.
  const transformers = readdirSync('dist/assets')
    .filter((name) => /^transformers\.web-[\w-]+\.js$/u.test(name))
    .map((name) => `/assets/${name}`)
  expect(transformers.length).toBeGreaterThan(0)
  const cached = async () =>
    page.evaluate(async () => {
      const found: Record<string, string[]> = {}
      for (const name of await caches.keys())
        found[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)
      return found
    })
  const precache = Object.entries(await cached()).find(([name]) => name.startsWith('workbox-precache'))
  expect(precache?.[1].length).toBeGreaterThan(50)
  for (const path of transformers) expect(precache?.[1]).not.toContainEqual(expect.stringContaining(path))
  const firstUse = (paths: string[]) =>
    page.evaluate(async (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).status)), paths)
  expect(await firstUse(transformers)).toEqual(transformers.map(() => 200))
  // Workbox writes to the cache just after it answers.
  await expect
    .poll(async () => (await cached())['quire-runtimes'])
    .toEqual(expect.arrayContaining(transformers))

  await goOffline(page)
  expect(await firstUse(transformers)).toEqual(transformers.map(() => 200))
  await page.reload()
  await expect(collections.card('Research notes')).toBeVisible()
  await expect(page.getByText(/offline/i).first()).toBeVisible()
  // Really offline: anything not precached and not the API fails to load.
  expect(
    await page.evaluate(() =>
      fetch('/not-precached.txt').then(
        () => 'reached',
        () => 'failed',
      ),
    ),
  ).toBe('failed')

  await collections.create({ name: 'Trip planning', description: 'Bookings and maps' })
  await expect(collections.card('Research notes')).toBeVisible()

  // The API explorer is a lazily loaded route: its chunk must come from the precache.
  const chunks: string[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('.js') && response.ok()) chunks.push(response.url())
  })
  await page.getByRole('link', { name: 'API explorer' }).first().click()
  await expect(page.getByRole('heading', { name: 'API explorer', level: 1 })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search operations' }).fill('/api/collections/{collection_id}')
  await expect(page.getByText('/api/collections/{collection_id}').first()).toBeVisible()
  expect(chunks.length).toBeGreaterThan(0)
  await page.screenshot({ path: 'e2e/output/screens/api-explorer-offline.png', fullPage: true })

  // A deep link reloads offline too, and the data written offline is still there.
  await page.goto('/collections')
  await expect(collections.card('Trip planning')).toBeVisible()
  await context.setOffline(false)
})

// A first visit's service worker precaches the whole app before it may control the page (about a hundred
// files, one at a time): the app does not wait for it. One of those files is held back here, so the worker is
// still installing while the app draws, answers its API and writes data; it takes control once the file comes.
test('a first visit draws and answers before the app is precached; the service worker takes control after', async ({
  page,
  context,
}) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = 0
  await context.route('**/assets/evaluation-*.js', async (route) => {
    asked += 1
    await held
    await route.continue()
  })
  await openApp(page, '/collections')
  const collections = new CollectionsPage(page)
  await expect(collections.heading).toBeVisible()
  await collections.create({ name: 'Before the precache', description: 'Written at once' })
  await expect(collections.card('Before the precache')).toBeVisible()
  // The precache has reached the held file (the Collections screen does not load it itself).
  await expect.poll(() => asked, { timeout: scaledTimeout(30_000) }).toBeGreaterThan(0)
  expect(
    await page.evaluate(async () => ({
      controlled: navigator.serviceWorker.controller !== null,
      installing: (await navigator.serviceWorker.getRegistration())?.installing?.state,
    })),
  ).toEqual({ controlled: false, installing: 'installing' })

  release()
  await untilServiceWorker(page)
  await goOffline(page)
  await page.reload()
  await expect(collections.card('Before the precache')).toBeVisible()
  await context.setOffline(false)
})

test('edits, deletes and undoes a delete of a collection', async ({ page }) => {
  await openApp(page, '/collections')
  const collections = new CollectionsPage(page)
  const name = `Drafts ${Date.now()}`
  await collections.create({ name, description: 'Unfinished work' })
  await collections.rename(name, `${name} (renamed)`)
  await collections.delete(`${name} (renamed)`)
  await collections.undo()
  await expect(collections.card(`${name} (renamed)`)).toBeVisible()
  await page.reload()
  await expect(collections.card(`${name} (renamed)`)).toBeVisible()
})
