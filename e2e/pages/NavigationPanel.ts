import { expect, type Locator, type Page } from '@playwright/test'

/** A route of `GET /api/v1/navigation-routes/tree`, the fields the specs read. */
export interface ApiRoute {
  id: string
  name: string
  route: string
  is_expanded: boolean
  is_visible: boolean
  default_page_id: string | null
  children: ApiRoute[]
}

/**
 * The app's one navigation (`navigation` "Main" in the sidebar): Quire's screens, the person's routes and
 * pages, "More", "Edit navigation"; at phone width in a drawer behind the top bar's "Menu" button.
 */
export class NavigationPanel {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' })
  }

  link(name: string): Locator {
    return this.root.getByRole('link', { name, exact: true })
  }

  /** The fold button of a route with children. */
  toggle(name: string): Locator {
    return this.root.getByRole('button', { name: `Items under ${name}`, exact: true })
  }

  /** "Menu" in the phone's top bar, which opens the navigation as a drawer. */
  get menuButton(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })
  }

  /** The drawer, a modal dialog "Menu", while open at phone width. */
  get drawer(): Locator {
    return this.page.getByRole('dialog', { name: 'Menu' })
  }

  /** The list of the person's routes and pages, under "Your pages". */
  get yours(): Locator {
    return this.root.getByRole('list', { name: 'Your pages' })
  }

  /** The "More" group: Evaluation, API explorer, Account. */
  get more(): Locator {
    return this.root.getByRole('list', { name: 'More' })
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

  /** A route's edit dialog ("Edit X"), opened from its row in edit mode. */
  async openEditDialog(name: string): Promise<Locator> {
    await this.action(`Edit ${name}`).click()
    const dialog = this.page.getByRole('dialog', { name: `Edit ${name}` })
    await expect(dialog).toBeVisible()
    return dialog
  }

  /** The drop target a dragged route is over: its row's class names say before, after or inside. */
  dropHint(): Locator {
    return this.root.getByText(/^Drop to put /)
  }

  /** The "Undo" of the toast offered after a move. */
  get undo(): Locator {
    return this.page.getByRole('button', { name: 'Undo', exact: true })
  }

  /** The navigation tree as the API answers it: `name > child` paths, and each route by name. */
  async readTree(): Promise<{ paths: string[]; byName: Map<string, ApiRoute> }> {
    const tree = await this.page.evaluate(
      async () => (await (await fetch('/api/v1/navigation-routes/tree')).json()) as ApiRoute[],
    )
    const paths: string[] = []
    const byName = new Map<string, ApiRoute>()
    const walk = (nodes: ApiRoute[], prefix: string) => {
      for (const node of nodes) {
        paths.push(prefix + node.name)
        byName.set(node.name, node)
        walk(node.children, `${prefix}${node.name} > `)
      }
    }
    walk(tree, '')
    return { paths, byName }
  }

  /** Presses a move button from the keyboard (focus, then Enter). */
  async pressAction(label: string): Promise<void> {
    await this.action(label).focus()
    await this.page.keyboard.press('Enter')
  }
}
