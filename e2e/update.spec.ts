import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { CollectionsPage } from './pages/CollectionsPage'
import { openApp } from './support/openApp'
import { startQuireServer } from './support/startQuireServer'

const port = Number(process.env.E2E_UPDATE_PORT ?? SYNC_PORT + 7)

// A new deployment changes sw.js. The new worker must wait (not take over a page in use), the page
// must offer a reload, and accepting it must switch to the new version with the data intact.
// The "deployment" edits the sw.js that a sync server serves (it reads files per request). That server
// is this test's own, over its own copy of the build: editing the shared build would show the update
// prompt to whatever test another Playwright worker runs meanwhile.
test('offers a new version and switches to it on Reload', async ({ page }) => {
  const staticDir = mkdtempSync(join(tmpdir(), 'quire-update-dist-'))
  cpSync('dist', staticDir, { recursive: true })
  const swFile = join(staticDir, 'sw.js')
  const original = readFileSync(swFile, 'utf8')
  const quire = await startQuireServer(port, { STATIC_DIR: staticDir })
  try {
    await openApp(page, `${quire.origin}/collections`)
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
    await quire.stop()
    quire.remove()
    rmSync(staticDir, { recursive: true, force: true })
  }
})
