import { expect, type Locator } from '@playwright/test'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/** A PDF opened from its collection (the document's dialog): pages, the page field, find in document. */
export class DocumentViewer {
  constructor(readonly dialog: Locator) {}

  pageImage(number: number): Locator {
    return this.dialog.getByRole('img', { name: new RegExp(`^Page ${number} of the PDF`) })
  }

  get pageField(): Locator {
    return this.dialog.getByRole('spinbutton', { name: 'Page' })
  }

  /** Types a page number and presses Enter, as a person would, and waits for that page. */
  async goToPage(number: number): Promise<void> {
    await this.pageField.fill(String(number))
    await this.pageField.press('Enter')
    await expect(this.pageImage(number)).toBeVisible({ timeout: scaledTimeout(30_000) })
  }

  get findField(): Locator {
    return this.dialog.getByRole('searchbox', { name: 'Find in document' })
  }

  /** On a phone: "More", which holds Download and Rename. */
  get more(): Locator {
    return this.dialog.getByRole('button', { name: 'More', exact: true })
  }

  get download(): Locator {
    return this.dialog.getByRole('button', { name: 'Download', exact: true })
  }

  get nameField(): Locator {
    return this.dialog.getByLabel('Name', { exact: true })
  }

  /** Looks for words in the whole document and waits until every page has been read. */
  async find(words: string): Promise<void> {
    const field = this.findField
    await field.fill(words)
    await field.press('Enter')
    await expect(this.foundStatus).not.toContainText('Searching', { timeout: scaledTimeout(120_000) })
  }

  get foundStatus(): Locator {
    return this.dialog.getByRole('region', { name: 'Pages found' }).getByRole('status')
  }

  /** The pages found, as their buttons' "Page N" labels. */
  async foundPages(): Promise<number[]> {
    const labels = await this.dialog
      .getByRole('region', { name: 'Pages found' })
      .locator('.pdf-reader-hit-page')
      .allTextContents()
    return labels.map((label) => Number(label.replace('Page ', '')))
  }

  async openFound(page: number): Promise<void> {
    await this.dialog
      .getByRole('region', { name: 'Pages found' })
      .getByRole('button', { name: new RegExp(`^Page ${page} `) })
      .click()
    await expect(this.pageImage(page)).toBeVisible({ timeout: scaledTimeout(30_000) })
  }

  /** The words found, marked on the page shown. */
  get foundMarks(): Locator {
    return this.dialog.locator('.chat-pdf-found')
  }

  get close(): Locator {
    return this.dialog.getByRole('button', { name: 'Close', exact: true })
  }
}
