import { expect, type Locator, type Page } from '@playwright/test'

/** The page designer at `/designer/<page id>`: palette, layout switcher, grid of module cards, settings. */
export class DesignerPage {
  constructor(private readonly page: Page) {}

  async open(pageId: string, pageName: string): Promise<void> {
    await this.page.goto(`/designer/${pageId}`)
    await expect(this.page.getByRole('heading', { name: `Design ${pageName}`, level: 1 })).toBeVisible()
  }

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search modules' })
  }

  get category(): Locator {
    return this.page.getByRole('combobox', { name: 'Category' })
  }

  addButton(displayName: string): Locator {
    return this.page.getByRole('button', { name: `Add ${displayName}`, exact: true })
  }

  /** What the designer last announced to screen readers. */
  get announcer(): Locator {
    return this.page.getByTestId('designer-announcer')
  }

  async expectAnnounced(text: string | RegExp): Promise<void> {
    await expect(this.announcer).toHaveText(
      typeof text === 'string' ? new RegExp(`^${escape(text)}\\s*$`) : text,
    )
  }

  get grid(): Locator {
    return this.page.getByRole('region', { name: /layout, \d+ columns$/ })
  }

  /** A module's card on the grid, by its layout key. */
  card(key: string): Locator {
    return this.page.locator(`.designer-module[data-module-key="${key}"]`)
  }

  /** The card's button: selects the module; arrow keys move it, Shift+arrows resize it. */
  moduleButton(key: string): Locator {
    return this.card(key).locator('.designer-module-select')
  }

  /** "column 1, row 1, 4 columns wide, 5 rows tall" as the card describes its place. */
  place(key: string): Locator {
    return this.card(key).locator('.designer-module-place')
  }

  layout(name: 'Desktop' | 'Tablet' | 'Phone'): Locator {
    return this.page.getByRole('group', { name: 'Layout' }).getByRole('button', { name, exact: true })
  }

  settings(moduleLabel: string): Locator {
    return this.page.getByRole('form', { name: `Configure ${moduleLabel}` })
  }

  action(name: string): Locator {
    return this.page.getByRole('toolbar', { name: 'Page actions' }).getByRole('button', { name, exact: true })
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
