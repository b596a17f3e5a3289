import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from '../support/openScreen'

/** The Pages screen (Pages in the main navigation): the person's pages with their routes and actions. */
export class PagesScreen {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Pages', level: 1 })
  }

  async open(): Promise<void> {
    await openScreen(this.page, 'Pages')
    await expect(this.heading).toBeVisible()
  }

  get list(): Locator {
    return this.page.getByRole('list', { name: 'Your pages' })
  }

  /** A page's entry in the list, found by its name (its heading). */
  item(name: string): Locator {
    return this.list
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name, exact: true, level: 2 }) })
  }

  /** The route a page's entry shows. */
  route(name: string): Locator {
    return this.item(name).locator('code.pages-route')
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name })
  }

  /** New page: name, optionally a parent (the select's option label), segment and parent page. */
  async create(
    name: string,
    options: { parent?: string; segment?: string; parentPage?: boolean } = {},
  ): Promise<Locator> {
    await this.page.getByRole('button', { name: 'New page' }).click()
    const dialog = this.dialog('New page')
    await dialog.getByLabel('Name').fill(name)
    if (options.parent)
      await dialog.getByLabel('Parent', { exact: true }).selectOption({ label: options.parent })
    if (options.segment !== undefined) await dialog.getByLabel('Route segment').fill(options.segment)
    if (options.parentPage) await dialog.getByLabel(/^Parent page/).check()
    await dialog.getByRole('button', { name: 'Create' }).click()
    return dialog
  }

  /** Move: a page's parent (the option label, or "None (top level)") and route segment. */
  async move(name: string, parent: string, segment?: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Move ${name}`, exact: true }).click()
    const dialog = this.dialog(`Move ${name}`)
    await dialog.getByLabel('Parent', { exact: true }).selectOption({ label: parent })
    if (segment !== undefined) await dialog.getByLabel('Route segment').fill(segment)
    await dialog.getByRole('button', { name: 'Save' }).click()
    return dialog
  }

  switch(name: string, label: 'Published' | 'Parent page'): Locator {
    return this.page.getByRole('switch', { name: `${name} ${label}`, exact: true })
  }

  openLink(name: string): Locator {
    return this.page.getByRole('link', { name: `Open ${name}`, exact: true })
  }

  designLink(name: string): Locator {
    return this.page.getByRole('link', { name: `Design ${name}`, exact: true })
  }

  button(action: 'Rename' | 'Move' | 'Delete', name: string): Locator {
    return this.page.getByRole('button', { name: `${action} ${name}`, exact: true })
  }
}
