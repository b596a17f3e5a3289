import { expect, type Locator, type Page } from '@playwright/test'

/** The Settings screen: embedder, answer generator, connection test. */
export class SettingsPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Settings', level: 1 })
  }

  async open(): Promise<void> {
    await this.page.getByRole('link', { name: 'Settings' }).first().click()
    await expect(this.heading).toBeVisible()
  }

  get generator(): Locator {
    return this.page.getByLabel('Answer generator')
  }

  async chooseModelEmbedder(modelId: string): Promise<void> {
    await this.page.getByLabel('A transformers.js model').check()
    await this.page.getByLabel('Model id').fill(modelId)
  }

  async chooseEndpoint(kind: 'ollama' | 'openai', url: string, model: string): Promise<void> {
    await this.generator.selectOption(kind)
    await this.page.getByLabel('Endpoint URL').fill(url)
    await this.page.getByLabel('Model', { exact: true }).fill(model)
  }

  async testConnection(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Test connection' }).click()
    const status = this.page.locator('#generator-test-result')
    await expect(status).toBeVisible()
    return status
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save settings' }).click()
    await expect(this.page.getByText('Settings saved')).toBeVisible()
  }
}
