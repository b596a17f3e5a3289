import { expect, type Locator, type Page } from '@playwright/test'

/** A collection's Folder panel: follow a folder, check it now, each file's state. */
export class FolderPanel {
  constructor(private readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByRole('region', { name: 'Folder', exact: true })
  }

  /**
   * Makes the picker answer with a folder of the origin private file system (Playwright cannot answer
   * the native dialog), then clicks "Follow a folder".
   */
  async follow(opfsFolder: string): Promise<void> {
    await this.page.evaluate((name) => {
      window.__quirePickFolder = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(name)
    }, opfsFolder)
    await this.panel.getByRole('button', { name: 'Follow a folder' }).click()
    await expect(this.panel).toContainText(`Follows ${opfsFolder}`)
  }

  /** "Folder on the server": the roots the server lists, and the path field. */
  get serverRoots(): Locator {
    return this.panel.getByRole('list', { name: 'Folders the server may read' })
  }

  get serverError(): Locator {
    return this.panel.getByRole('alert')
  }

  /** Enters a path on the sync server and asks it to follow it (the server's answer is not awaited). */
  async followOnServer(path: string): Promise<void> {
    await this.panel.getByLabel('Folder on the server').fill(path)
    await this.panel.getByRole('button', { name: 'Follow on the server' }).click()
  }

  async checkNow(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Check now' }).click()
  }

  /** The file list, opened. */
  async files(): Promise<Locator> {
    const details = this.panel.locator('details.folder-files')
    if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
      await details.locator('summary').click()
    }
    return details.getByRole('list', { name: 'Files of the folder' })
  }

  /** Each listed file's path and state (in_step, processing, failed, skipped). */
  async states(): Promise<Record<string, string>> {
    const list = await this.files()
    return list
      .locator('li')
      .evaluateAll((items) =>
        Object.fromEntries(
          items.map((item) => [item.getAttribute('data-folder-file'), item.getAttribute('data-state')]),
        ),
      )
  }

  file(path: string): Locator {
    return this.panel.locator(`li[data-folder-file="${path}"]`)
  }
}
