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

  /** The file list's summary line ("6 files: 5 in step, 1 skipped"). */
  get summary(): Locator {
    return this.panel.locator('details.folder-files > summary')
  }

  /**
   * Each listed file's name and state boxes, measured at one instant: whether they meet, and the state's
   * height (one line each, where states do not wrap).
   */
  async fileLayout(): Promise<Array<{ path: string; meet: boolean; stateHeight: number }>> {
    const list = await this.files()
    return list.locator('li').evaluateAll((items) =>
      items.map((item) => {
        const [name, state] = ['.folder-file-path', '.folder-file-state'].map((selector) =>
          item.querySelector(selector)?.getBoundingClientRect(),
        )
        if (!name || !state)
          return { path: String(item.getAttribute('data-folder-file')), meet: true, stateHeight: 0 }
        const meet =
          name.left < state.right &&
          state.left < name.right &&
          name.top < state.bottom &&
          state.top < name.bottom
        return { path: String(item.getAttribute('data-folder-file')), meet, stateHeight: state.height }
      }),
    )
  }

  file(path: string): Locator {
    return this.panel.locator(`li[data-folder-file="${path}"]`)
  }
}
