import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from '../support/openScreen'

/** The Collections screen as a user sees it: cards, the New collection form, edit and delete. */
export class CollectionsPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Collections', level: 1 })
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true })
  }

  async open(): Promise<void> {
    await openScreen(this.page, 'Collections')
    await expect(this.heading).toBeVisible()
  }

  async create(fields: { name: string; description: string; colour?: string }): Promise<void> {
    await this.page.getByRole('button', { name: 'New collection' }).first().click()
    const form = this.page.getByRole('dialog')
    await form.getByLabel('Name', { exact: true }).fill(fields.name)
    await form.getByLabel('Description', { exact: true }).fill(fields.description)
    if (fields.colour) await form.getByLabel('Colour', { exact: true }).fill(fields.colour)
    await form.getByRole('button', { name: 'Create collection' }).click()
    await expect(this.card(fields.name)).toBeVisible()
  }

  async rename(from: string, to: string): Promise<void> {
    await this.card(from).getByRole('button', { name: 'Edit' }).click()
    const form = this.page.getByRole('dialog')
    await form.getByLabel('Name', { exact: true }).fill(to)
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(this.card(to)).toBeVisible()
  }

  async delete(name: string): Promise<void> {
    await this.card(name).getByRole('button', { name: 'Delete' }).click()
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(this.card(name)).toHaveCount(0)
  }

  async undo(): Promise<void> {
    await this.page.getByRole('button', { name: 'Undo' }).click()
  }
}
