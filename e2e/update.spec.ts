import { readFileSync, writeFileSync } from 'node:fs'
import { expect, test } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { CollectionsPage } from './pages/CollectionsPage'
import { openApp } from './support/openApp'

const server = `http://127.0.0.1:${SYNC_PORT}`
const swFile = 'dist/sw.js'

// A new deployment changes sw.js. The new worker must wait (not take over a page in use), the page
// must offer a reload, and accepting it must switch to the new version with the data intact.
// The "deployment" edits the built sw.js that the sync server serves (it reads files per request).
test('offers a new version and switches to it on Reload', async ({ page }) => {
  const original = readFileSync(swFile, 'utf8')
  try {
    await openApp(page, `${server}/collections`)
    const collections = new CollectionsPage(page)
    await collections.create({ name: 'Before the update', description: 'Must survive it' })
    const registration = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration()
        return { waiting: Boolean(r?.waiting), active: r?.active?.state }
      })

    writeFileSync(swFile, `${original}\n// the next version\n`)
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())

    const prompt = page.getByText('A new version of Quire is available')
    await expect(prompt).toBeVisible()
    // Waiting, not active: the page in use keeps the worker it started with until the person agrees.
    expect(await registration()).toEqual({ waiting: true, active: 'activated' })

    const reloaded = page.waitForEvent('load')
    await page.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await expect(collections.card('Before the update')).toBeVisible()
    expect(await registration()).toEqual({ waiting: false, active: 'activated' })
    await expect(prompt).toHaveCount(0)
  } finally {
    writeFileSync(swFile, original)
  }
})
