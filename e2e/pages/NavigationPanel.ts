import { expect, type Locator, type Page } from '@playwright/test'

/** The navigation routes beside the main links: the routes tree, "Edit navigation", and the "Routes" menu at phone width. */
export class NavigationPanel {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.getByRole('navigation', { name: 'Routes' })
  }

  link(name: string): Locator {
    return this.root.getByRole('link', { name, exact: true })
  }

  /** The fold button of a route with children. */
  toggle(name: string): Locator {
    return this.root.getByRole('button', { name: `Items under ${name}`, exact: true })
  }

  get menuButton(): Locator {
    return this.root.getByRole('button', { name: 'Routes', exact: true })
  }

  get editButton(): Locator {
    return this.root.getByRole('button', { name: 'Edit navigation' })
  }

  get status(): Locator {
    return this.root.getByRole('status')
  }

  action(label: string): Locator {
    return this.root.getByRole('button', { name: label, exact: true })
  }

  /** The edit-mode row of a route (its name and buttons), to drag. */
  row(name: string): Locator {
    return this.root.locator('[data-route-row]').filter({ has: this.page.getByText(name, { exact: true }) })
  }

  async startEditing(): Promise<void> {
    await this.editButton.click()
    await expect(this.editButton).toHaveAttribute('aria-pressed', 'true')
  }

  async stopEditing(): Promise<void> {
    await this.editButton.click()
    await expect(this.editButton).toHaveAttribute('aria-pressed', 'false')
  }

  async createRoute(name: string, path: string): Promise<void> {
    await this.root.getByRole('button', { name: 'New route' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'New route' })
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Path').fill(path)
    await dialog.getByRole('button', { name: 'Create route' }).click()
    await expect(dialog).toBeHidden()
    await expect(this.status).toHaveText(`Created route ${name}`)
  }

  /** Presses a move button from the keyboard (focus, then Enter). */
  async pressAction(label: string): Promise<void> {
    await this.action(label).focus()
    await this.page.keyboard.press('Enter')
  }
}
