import { expect, type Locator, type Page } from '@playwright/test'

/** Settings' "Local models (Ollama)" section, by accessible names. */
export class ModelHostSection {
  readonly region: Locator

  constructor(private readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Local models (Ollama)' })
  }

  async connect(serverUrl: string): Promise<void> {
    await this.region.getByLabel('Ollama server URL').fill(serverUrl)
    await this.region.getByRole('button', { name: 'Test the connection' }).click()
  }

  get connection(): Locator {
    return this.region.getByRole('status').first()
  }

  get models(): Locator {
    return this.region.getByRole('list', { name: 'Installed models' }).getByRole('listitem')
  }

  async install(name: string): Promise<void> {
    await this.region.getByLabel('Model to install').fill(name)
    await this.region.getByRole('button', { name: 'Install', exact: true }).click()
  }

  progress(name: string): Locator {
    return this.region.getByRole('progressbar', { name: `Installing ${name}` })
  }

  async cancel(name: string): Promise<void> {
    await this.region.getByRole('button', { name: `Cancel installing ${name}` }).click()
  }

  async expectOutcome(text: string): Promise<void> {
    await expect(this.region.getByRole('status').filter({ hasText: text })).toBeVisible()
  }
}
