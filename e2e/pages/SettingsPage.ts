import { expect, type Download, type Locator, type Page } from '@playwright/test'
import { openScreen } from '../support/openScreen'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/** The Settings screen: embedder, the model picker and its servers, storage, clear data, version. */
export class SettingsPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Settings', level: 1 })
  }

  async open(): Promise<void> {
    await openScreen(this.page, 'Settings')
    await expect(this.heading).toBeVisible()
  }

  /** The theme choice labelled `label` (Same as the system, Light, Dark). */
  theme(label: string): Locator {
    return this.page.getByRole('group', { name: 'Colours' }).getByLabel(label, { exact: true })
  }

  get generator(): Locator {
    return this.page.getByLabel('Answer generator')
  }

  async chooseModelEmbedder(modelId: string): Promise<void> {
    await this.page.getByLabel('A transformers.js model').check()
    await this.page.getByLabel('Model id').fill(modelId)
  }

  /** Saves the chosen model embedder and starts its download ("Download now"). */
  async downloadEmbedderNow(): Promise<void> {
    await this.page.getByRole('button', { name: 'Download now' }).click()
  }

  get embedderDownload(): Locator {
    return this.page.getByRole('progressbar', { name: 'Embedder download' })
  }

  get embedderDownloadStatus(): Locator {
    return this.page.locator('#embedder-download-status')
  }

  get embedderDownloadError(): Locator {
    return this.page.locator('#embedder-download-error')
  }

  /** A server of a provider's list in Settings' language models (`provider`: 'Ollama', 'OpenAI-compatible'). */
  server(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByText(name, { exact: true }) })
  }

  /** Adds a server through its dialog; `key` only for providers that take one. */
  async addServer(provider: string, server: { name: string; address: string; key?: string }): Promise<void> {
    await this.page.getByRole('button', { name: `Add ${provider} server` }).click()
    const dialog = this.page.getByRole('dialog', { name: `Add ${provider} server` })
    await this.fillServer(dialog, server)
    await dialog.getByRole('button', { name: 'Add server' }).click()
    await expect(dialog).toBeHidden()
  }

  async editServer(name: string, changes: { name?: string; address?: string; key?: string }): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${name}` }).click()
    const dialog = this.page.getByRole('dialog', { name: `Edit ${name}` })
    await this.fillServer(dialog, changes)
    await dialog.getByRole('button', { name: 'Save server' }).click()
    await expect(dialog).toBeHidden()
  }

  private async fillServer(dialog: Locator, server: { name?: string; address?: string; key?: string }) {
    if (server.name !== undefined) await dialog.getByLabel('Name').fill(server.name)
    if (server.address !== undefined) await dialog.getByLabel('Address').fill(server.address)
    if (server.key !== undefined) await dialog.getByLabel('API key').fill(server.key)
  }

  /** Tests a saved server's connection; returns its outcome line once it shows. */
  async testServer(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Test connection to ${name}` }).click()
    const outcome = this.server(name).getByRole('status')
    await expect(outcome).toHaveText(/^(Connected|Failed)/)
    return outcome
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save settings' }).click()
    await expect(this.page.getByText('Settings saved')).toBeVisible()
  }

  get storageUsage(): Locator {
    return this.page.locator('#storage-usage')
  }

  get storageMeter(): Locator {
    return this.page.getByRole('meter', { name: 'Storage used' })
  }

  get version(): Locator {
    return this.page.locator('#app-version')
  }

  /** Asks for persistent storage when the browser has not granted it yet; returns the outcome line. */
  async keepData(): Promise<Locator> {
    const outcome = this.page.locator('#storage-persist-outcome')
    const keep = this.page.getByRole('button', { name: 'Keep my data' })
    if (await keep.isVisible()) await keep.click()
    return outcome
  }

  /** Clears everything through the confirmation dialog; the app restarts on its first page. */
  async clearAllData(): Promise<void> {
    await this.page.getByRole('button', { name: 'Clear all data' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Clear all data?' })
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Delete everything' }).click()
    await this.page.waitForURL((url) => url.pathname !== '/settings')
  }

  /** The WebLLM model picker, or the line saying why WebLLM cannot run here. */
  get webLlmModel(): Locator {
    return this.page.getByLabel('WebLLM model')
  }

  get webLlmProblem(): Locator {
    return this.page.locator('#webllm-problem')
  }

  /** "Export my data": the archive the browser downloads, as bytes. */
  async exportMyData(): Promise<Buffer> {
    const download = this.page.waitForEvent('download')
    await this.page.getByRole('button', { name: 'Export my data' }).click()
    return readDownload(await download)
  }

  /** "Import": chooses `archive` in the file picker; resolves once the import answered what it brought in. */
  async importArchive(name: string, archive: Buffer): Promise<Locator> {
    await this.page
      .getByLabel('Archive to import')
      .setInputFiles({ name, mimeType: 'application/zip', buffer: archive })
    const result = this.page.getByTestId('import-result')
    await expect(result).toBeVisible({ timeout: scaledTimeout(30_000) })
    return result
  }
}

/** A finished download's bytes. */
export async function readDownload(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream()
  const parts: Buffer[] = []
  for await (const part of stream) parts.push(part as Buffer)
  return Buffer.concat(parts)
}
