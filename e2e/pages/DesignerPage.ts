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

  /** The Backups dialog (opened by the Backups action). */
  get backups(): Locator {
    return this.page.getByRole('dialog', { name: /^Backups of / })
  }

  /** The row of a backup in the Backups dialog, by its label (newest first when several match). */
  backupRows(label: string): Locator {
    return this.backups
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: label, exact: true }) })
  }

  /**
   * Drags a palette entry by mouse onto the grid so that its top-left corner lands on `column`, `row`
   * (1-based, as a person counts). gridstack places a dropped entry where the dragged copy's corner is,
   * so the pointer goes to that cell plus the point where the entry was grabbed. The pointer moves in
   * steps, as a hand does: gridstack starts a drag only after a few pixels and follows every move.
   */
  async dragPaletteEntry(displayName: string, column: number, row: number): Promise<void> {
    const entry = this.page.locator('.designer-palette-item').filter({ has: this.addButton(displayName) })
    const from = (await entry.boundingBox())!
    const grab = { x: 10, y: 10 }
    const cell = await this.cellSize()
    await this.page.mouse.move(from.x + grab.x, from.y + grab.y)
    await this.page.mouse.down()
    await this.page.mouse.move(from.x + grab.x + 20, from.y + grab.y + 10, { steps: 5 })
    const to = {
      x: cell.gridX + (column - 1) * cell.width + grab.x + 4,
      y: cell.gridY + (row - 1) * cell.height + grab.y + 4,
    }
    await this.page.mouse.move(to.x, to.y, { steps: 20 })
    await this.page.mouse.move(to.x + 1, to.y + 1, { steps: 2 })
    await this.page.mouse.up()
  }

  /** Drags a module on the grid by its handle, `columns` across and `rows` down (negative: left, up). */
  async dragModule(key: string, columns: number, rows: number): Promise<void> {
    const cell = await this.cellSize()
    const handle = (await this.card(key).locator('.designer-module-handle').boundingBox())!
    const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 }
    await this.page.mouse.move(start.x, start.y)
    await this.page.mouse.down()
    await this.page.mouse.move(start.x + 10, start.y + 10, { steps: 5 })
    const to = { x: start.x + columns * cell.width, y: start.y + rows * cell.height }
    await this.page.mouse.move(to.x, to.y, { steps: 20 })
    await this.page.mouse.move(to.x + 1, to.y + 1, { steps: 2 })
    await this.page.mouse.up()
  }

  /** The grid's corner and the size of one of its cells, in page pixels. */
  private async cellSize(): Promise<{ gridX: number; gridY: number; width: number; height: number }> {
    const grid = this.page.locator('.designer-grid')
    const box = (await grid.boundingBox())!
    const columns = Number(await grid.getAttribute('data-columns'))
    return { gridX: box.x, gridY: box.y, width: box.width / columns, height: CELL_HEIGHT }
  }
}

/** The grid's row height (DesignerGrid's CELL_HEIGHT). */
const CELL_HEIGHT = 60

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
