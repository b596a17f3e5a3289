import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from '../support/openScreen'

/** The Evaluation screen: the start form, a run's live progress and results, and the history chart. */
export class EvaluationPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Evaluation', level: 1 })
  }

  async open(): Promise<void> {
    await openScreen(this.page, 'Evaluation')
    await expect(this.heading).toBeVisible()
  }

  async start(fields: { collection: string; fileName: string; contents: string }): Promise<void> {
    await this.page.getByLabel('Collection').selectOption({ label: fields.collection })
    await this.page.getByLabel('Test-case file').setInputFiles({
      name: fields.fileName,
      mimeType: 'application/json',
      buffer: Buffer.from(fields.contents),
    })
    await this.page.getByRole('button', { name: 'Start evaluation' }).click()
  }

  get alert(): Locator {
    return this.page.locator('.form-alert')
  }

  get progress(): Locator {
    return this.page.getByRole('progressbar')
  }

  get results(): Locator {
    return this.page.getByRole('table', { name: 'Results per question' }).locator('tbody tr')
  }

  get chart(): Locator {
    return this.page.getByRole('img', { name: /Accuracy over runs/ })
  }

  get history(): Locator {
    return this.page.getByRole('table', { name: 'Past runs, newest first' }).locator('tbody tr')
  }
}
