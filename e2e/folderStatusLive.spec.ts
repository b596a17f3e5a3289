import { expect, test, type Page } from './support/test'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { FolderPanel } from './pages/FolderPanel'
import { openApp } from './support/openApp'
import { openScreen } from './support/openScreen'
import { syncServer } from './support/syncDevices'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

/** Writes text files into a folder of the page's origin private file system. */
async function writeOpfs(page: Page, folder: string, files: Record<string, string>): Promise<void> {
  await page.evaluate(
    async ({ folder, files }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true })
      for (const [name, text] of Object.entries(files)) {
        const writable = await (await root.getFileHandle(name, { create: true })).createWritable()
        await writable.write(text)
        await writable.close()
      }
    },
    { folder, files },
  )
}

/** The followed folder as the in-browser API reports it (what a script would see). */
async function lastCheckedAt(page: Page, collectionId: string): Promise<string | null> {
  return page.evaluate(async (id) => {
    const collection = (await (await fetch(`/api/collections/${id}`)).json()) as {
      folder?: { last_checked_at: string | null }
    }
    return collection.folder?.last_checked_at ?? null
  }, collectionId)
}

const WREN = '# Wren\n\nThe wren sings from the hedge by the gate.\n'
const HERON = `# Heron\n\n${'A heron was seen fishing below the old mill on Tuesday. '.repeat(40)}\n`

// Issue 70, item 8: a followed folder's status (last checked, files, sizes, errors) moves while its panel
// is open, with no reload and no "Check now"; once the panel is closed, nothing checks it on its behalf.
for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the folder panel's status is live at ${viewport.width}x${viewport.height}, and stops when closed`, async ({
    browser,
  }) => {
    test.setTimeout(scaledTimeout(120_000))
    const context = await browser.newContext({ baseURL: syncServer, viewport })
    const page = await context.newPage()
    await openApp(page, '/collections')
    await writeOpfs(page, 'Live notes', { 'wren.md': WREN })
    const name = `Live ${viewport.width}`
    await new CollectionsPage(page).create({ name, description: 'A folder watched while open' })
    await new CollectionPage(page).open(name)
    const collectionId = page.url().split('/').pop()!
    const folder = new FolderPanel(page)
    await folder.follow('Live notes')

    await expect(folder.file('wren.md')).toHaveAttribute('data-state', 'in_step', {
      timeout: scaledTimeout(30_000),
    })
    await folder.files()
    await expect(folder.file('wren.md').getByTestId('folder-file-size')).toHaveText(`${WREN.length} bytes`)
    const lastChecked = folder.panel.getByTestId('folder-last-checked')
    const firstCheck = await lastChecked.getAttribute('title')
    expect(firstCheck).toBeTruthy()

    // Changed and added on disk: the panel shows it by itself (no Check now, no reload).
    await writeOpfs(page, 'Live notes', { 'wren.md': `${WREN}It nests low in the ivy.\n`, 'heron.md': HERON })
    await expect(folder.file('heron.md')).toHaveAttribute('data-state', 'in_step', {
      timeout: scaledTimeout(40_000),
    })
    await expect(folder.file('wren.md').getByTestId('folder-file-size')).toHaveText(
      `${WREN.length + 'It nests low in the ivy.\n'.length} bytes`,
    )
    await expect(folder.file('heron.md').getByTestId('folder-file-size')).toHaveText(/^2(\.\d)? kB$/)
    await expect(lastChecked).not.toHaveAttribute('title', firstCheck!)
    await expect(folder.panel.locator('summary')).toHaveText('2 files: 2 in step')
    // The document list moved with it.
    await expect(new CollectionPage(page).row('heron.md')).toBeVisible()

    // A file that cannot be read becomes an error on screen, as it happens.
    await writeOpfs(page, 'Live notes', { 'broken.pdf': 'not a PDF at all' })
    await expect(folder.file('broken.pdf')).toHaveAttribute('data-state', 'failed', {
      timeout: scaledTimeout(40_000),
    })
    await expect(folder.file('broken.pdf')).toContainText('Failed:')
    await page.screenshot({ path: `e2e/output/folderStatusLive-${viewport.width}.png`, fullPage: true })

    // Closed: no check runs for it (the app's own timer checks every few minutes, not every few seconds).
    await openScreen(page, 'Collections')
    await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible()
    const closedAt = await lastCheckedAt(page, collectionId)
    await page.waitForTimeout(15_000)
    expect(await lastCheckedAt(page, collectionId)).toBe(closedAt)
    await context.close()
  })
}
