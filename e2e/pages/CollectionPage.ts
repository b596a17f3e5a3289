import { expect, type Locator, type Page } from '@playwright/test'
import { CollectionsPage } from './CollectionsPage'
import { readDownload } from './SettingsPage'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

export type DocumentOutcome = 'completed' | 'failed'

/** The status each outcome shows in a document's row (the UI's words, not the API's). */
const STATUS_TEXT: Record<DocumentOutcome, string> = { completed: 'Ready', failed: 'Failed' }

/** One collection's page as a user sees it: the upload drop zone and the documents table. */
export class CollectionPage {
  constructor(private readonly page: Page) {}

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1, exact: true })
  }

  get documents(): Locator {
    return this.page.getByRole('table', { name: 'Documents' })
  }

  /** The newest row whose name (its row header) is exactly `filename`; uploads that failed included. */
  row(filename: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: filename, exact: true }) })
      .first()
  }

  /** Opens a document from its name: the dialog with its preview, download and name. */
  async openDocument(filename: string): Promise<Locator> {
    await this.row(filename).getByRole('button', { name: filename, exact: true }).click()
    const dialog = this.page.getByRole('dialog', { name: filename })
    await expect(dialog).toBeVisible()
    return dialog
  }

  progressBar(filename: string): Locator {
    return this.page.getByRole('progressbar', { name: `Processing ${filename}`, exact: true })
  }

  /** Goes to the Collections page and follows the collection's name on its card. */
  async open(collectionName: string): Promise<void> {
    const collections = new CollectionsPage(this.page)
    await collections.open()
    await collections.card(collectionName).getByRole('link', { name: collectionName, exact: true }).click()
    await expect(this.heading(collectionName)).toBeVisible()
  }

  /** Chooses the files with the drop zone's file input (as "Choose files" would) and waits for their rows. */
  async upload(paths: string[]): Promise<void> {
    await this.page.locator('input[type="file"]').setInputFiles(paths)
    for (const path of paths) {
      const filename = path.split(/[\\/]/).pop() ?? path
      await expect(this.row(filename)).toBeVisible()
    }
  }

  async waitForStatus(filename: string, status: DocumentOutcome, timeout = 60_000): Promise<void> {
    await expect(this.row(filename).getByText(STATUS_TEXT[status], { exact: true })).toBeVisible({
      timeout: scaledTimeout(timeout),
    })
  }

  /** The processing percentage shown right now, or null when the document is not processing. */
  async progress(filename: string): Promise<number | null> {
    const bar = this.progressBar(filename)
    if ((await bar.count()) === 0) return null
    return bar.evaluate((element) =>
      (element as HTMLProgressElement).hasAttribute('value') ? (element as HTMLProgressElement).value : null,
    )
  }

  /** The error a failed document (or a refused upload) shows in its row. */
  error(filename: string): Locator {
    return this.row(filename).locator('.doc-error')
  }

  async deleteDocument(filename: string): Promise<void> {
    const rows = this.page.getByRole('rowheader', { name: filename, exact: true })
    const before = await rows.count()
    await this.row(filename).getByRole('button', { name: 'Delete' }).click()
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(this.page.getByRole('dialog')).toHaveCount(0)
    await expect(rows).toHaveCount(before - 1)
  }

  /** Gives a failed, password-protected document its password; processing starts again. */
  async enterPassword(filename: string, password: string): Promise<void> {
    await this.row(filename).getByRole('button', { name: 'Enter password' }).click()
    const dialog = this.page.getByRole('dialog')
    await dialog.getByLabel('Password', { exact: true }).fill(password)
    await dialog.getByRole('button', { name: 'Open document' }).click()
    await expect(dialog).toHaveCount(0)
  }

  /** "Export this collection" (with its chats when asked): the archive the browser downloads. */
  async exportCollection(withChats: boolean): Promise<Buffer> {
    if (withChats) await this.page.getByLabel('with its chats').check()
    const download = this.page.waitForEvent('download')
    await this.page.getByRole('button', { name: 'Export this collection' }).click()
    return readDownload(await download)
  }
}
