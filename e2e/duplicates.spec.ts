import { writeFile } from 'node:fs/promises'
import { expect, test, type Page } from './support/test'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { expectAccessible } from './support/expectAccessible'
import { goOffline } from './support/goOffline'
import { openApp } from './support/openApp'
import { syncServer } from './support/syncDevices'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const TIDE = '# Tide table\n\nHigh water at the harbour mouth comes an hour after the moon rises.\n'
const KELP = '# Kelp\n\nKelp forests shelter the young fish through the winter storms.\n'

/** The collection's documents as its API lists them: name to status. */
function documentNames(page: Page, collectionId: string): Promise<string[]> {
  return page.evaluate(async (id) => {
    const documents = (await (await fetch(`/api/documents/?collection_id=${id}`)).json()) as Array<{
      original_filename: string
    }>
    return documents.map((document) => document.original_filename).sort()
  }, collectionId)
}

// Issue 70, item 6: the same file uploaded twice made two documents, silently. Now the app asks (skip,
// replace, keep both; for all of a batch's duplicates at once), and a file chosen twice in one batch is
// skipped and said. On the sync server's own origin, online and offline, at a desktop's and a phone's size.
for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  for (const offline of [false, true]) {
    test(`at ${width}x${height}${offline ? ', offline' : ''}: a duplicate upload asks, and a batch skips its repeats`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(scaledTimeout(90_000))
      await page.setViewportSize({ width, height })
      await openApp(page, `${syncServer}/collections`)
      if (offline) await goOffline(page)
      // Kept beside the other issues' pictures (the results folder is emptied by every run).
      const shot = (name: string) => `e2e/output/duplicates/${name}-${width}${offline ? '-offline' : ''}.png`
      const file = async (name: string, text: string) => {
        const path = testInfo.outputPath(name)
        await writeFile(path, text)
        return path
      }
      await new CollectionsPage(page).create({ name: 'Harbour', description: 'Tides and kelp' })
      const collection = new CollectionPage(page)
      await collection.open('Harbour')
      const collectionId = page.url().split('/').pop()!
      const dialog = page.getByRole('dialog')

      await collection.upload([await file('tide.md', TIDE)])
      await collection.waitForStatus('tide.md', 'completed')

      // The same content under another name: asked, with Skip focused (an accidental Enter loses nothing).
      await page.locator('input[type="file"]').setInputFiles([await file('tide copy.md', TIDE)])
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('heading')).toHaveText('“tide copy.md” is already here')
      await expect(dialog).toContainText('“tide.md”')
      await expect(dialog.getByRole('button', { name: 'Skip' })).toBeFocused()
      await expect(dialog.getByRole('checkbox')).toHaveCount(0)
      await expectAccessible(page, 'Duplicate upload dialog')
      await page.screenshot({ path: shot('dialog') })
      // Keyboard only: Tab to Replace, Enter. The document there takes the new name; nothing is added.
      await page.keyboard.press('Tab')
      await expect(dialog.getByRole('button', { name: 'Replace' })).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(dialog).toBeHidden()
      await collection.waitForStatus('tide copy.md', 'completed')
      await expect.poll(() => documentNames(page, collectionId)).toEqual(['tide copy.md'])

      // Escape is Skip: the file is left out, and its row says why.
      await page.locator('input[type="file"]').setInputFiles([await file('tide again.md', TIDE)])
      await expect(dialog).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(collection.row('tide again.md')).toContainText('Skipped')
      await expect(collection.row('tide again.md')).toContainText(
        'Same content as “tide copy.md”, already in this collection',
      )
      await collection.row('tide again.md').getByRole('button', { name: 'Dismiss' }).click()
      await expect(collection.row('tide again.md')).toHaveCount(0)

      // A batch: two files already here (asked once, for both), and one file chosen twice (skipped, said).
      await collection.upload([
        await file('kelp.md', KELP),
        await file('kelp (1).md', KELP),
        await file('tide 2.md', TIDE),
        await file('tide 3.md', TIDE),
      ])
      await expect(dialog).toBeVisible()
      const forAll = dialog.getByRole('checkbox', { name: 'Do this for all 2 duplicates' })
      await expect(forAll).toBeVisible({ timeout: scaledTimeout(20_000) })
      await page.screenshot({ path: shot('batch') })
      await forAll.check()
      await dialog.getByRole('button', { name: 'Keep both' }).click()
      await expect(dialog).toBeHidden()
      await expect(collection.row('kelp (1).md')).toContainText('Skipped')
      await expect(collection.row('kelp (1).md')).toContainText('The same file as “kelp.md”, chosen with it')
      await expect(page.locator('.toast').filter({ hasText: '1 duplicate skipped' })).toBeVisible({
        timeout: scaledTimeout(30_000),
      })
      for (const name of ['kelp.md', 'tide 2.md', 'tide 3.md'])
        await collection.waitForStatus(name, 'completed')
      await expect
        .poll(() => documentNames(page, collectionId))
        .toEqual(['kelp.md', 'tide 2.md', 'tide 3.md', 'tide copy.md'])
      await page.screenshot({ path: shot('result'), fullPage: true })
    })
  }
}
