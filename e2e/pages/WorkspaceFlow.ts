import { expect, type Locator, type Page } from '@playwright/test'
import { CollectionPage } from './CollectionPage'
import { CollectionsPage } from './CollectionsPage'
import { PluginManagerPage } from './PluginManagerPage'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/**
 * The steps of building a workspace that no one screen's page object covers: a collection made and a
 * document uploaded through their screens, a plugin installed from the marketplace tab, keyboard travel,
 * and what a published page shows of its modules (which cells, placed where, at which breakpoint).
 */
export class WorkspaceFlow {
  constructor(private readonly page: Page) {}

  /** Makes a collection on the Collections screen, uploads `file` on its page and waits until it is processed. */
  async collectionWithDocument(name: string, file: string): Promise<void> {
    const collections = new CollectionsPage(this.page)
    await collections.open()
    await collections.create({ name, description: 'Documents the workspace chat searches' })
    const collection = new CollectionPage(this.page)
    await collection.open(name)
    const filename = file.split(/[\\/]/).pop() ?? file
    await collection.upload([file])
    await collection.waitForStatus(filename, 'completed', 90_000)
  }

  /** Installs `pluginName` from the plugin manager's Marketplace tab, through its confirmation dialog. */
  async installFromMarketplace(pluginName: string): Promise<void> {
    const manager = new PluginManagerPage(this.page)
    await manager.open()
    await manager.tab('Marketplace').click()
    await this.page
      .getByRole('list', { name: 'Marketplace plugins' })
      .getByRole('button', { name: `Install ${pluginName}`, exact: true })
      .click()
    await manager.installDialog(pluginName).getByRole('button', { name: 'Install', exact: true }).click()
    await expect(this.page.getByText(`${pluginName} 1.0.0 installed`)).toBeVisible({
      timeout: scaledTimeout(30_000),
    })
  }

  /** Presses Tab (as a keyboard user would) until `target` has focus; fails after `limit` presses. */
  async tabTo(target: Locator, limit = 15): Promise<void> {
    for (let n = 0; n < limit; n++) {
      if (await target.evaluate((el) => el === document.activeElement)) return
      await this.page.keyboard.press('Tab')
    }
    await expect(target, `reached by at most ${limit} presses of Tab`).toBeFocused()
  }

  /** The published page's section, its breakpoint (`desktop`, `tablet`, `mobile`) in `data-breakpoint`. */
  get publishedPage(): Locator {
    return this.page.locator('section.plugin-page')
  }

  /** The layout keys of the modules the published page shows, in the page's order. */
  async moduleKeys(): Promise<string[]> {
    return this.page
      .locator('.plugin-module[data-module]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-module') ?? ''))
  }

  /** Where a module's cell sits on the published page's grid: its CSS `grid-column` ("1 / span 6"). */
  gridColumn(key: string): Promise<string> {
    return this.page
      .locator(`.plugin-module[data-module="${key}"]`)
      .evaluate((el) => el.closest<HTMLElement>('.plugin-grid-cell')?.style.gridColumn ?? '')
  }
}
