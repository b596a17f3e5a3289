import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from '../support/openScreen'

/** The Search screen: the form, how the search ran, and the ranked passages. */
export class SearchPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Search', level: 1 })
  }

  async open(): Promise<void> {
    await openScreen(this.page, 'Search')
    await expect(this.heading).toBeVisible()
  }

  async search(fields: { query: string; collection?: string; results?: number; hybrid?: boolean }) {
    await this.page.getByLabel('Query').fill(fields.query)
    if (fields.collection) await this.page.getByLabel('Collection').selectOption({ label: fields.collection })
    if (fields.results !== undefined) await this.page.getByLabel('Results').fill(String(fields.results))
    if (fields.hybrid !== undefined) await this.page.getByLabel(/Hybrid search/).setChecked(fields.hybrid)
    await this.page.getByRole('search').getByRole('button', { name: 'Search' }).click()
  }

  get summary(): Locator {
    return this.page.getByRole('region', { name: 'How the search ran' })
  }

  get results(): Locator {
    return this.page.getByRole('article')
  }

  result(heading: string): Locator {
    return this.page.getByRole('article', { name: heading })
  }
}
