import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from '../support/openScreen'
import { saveUserSetting } from '../support/saveUserSetting'

/** The plugin manager (Plugins in the main navigation): install sources, the installed list, the marketplace. */
export class PluginManagerPage {
  constructor(private readonly page: Page) {}

  /**
   * Makes `catalogUrl` this browser's marketplace: the `plugin_catalog_settings` setting the app reads
   * (through the in-browser API, as the person's own setting).
   */
  async useCatalog(catalogUrl: string): Promise<void> {
    await saveUserSetting(this.page, 'plugin_catalog_settings', 'Plugin catalog', { catalog_url: catalogUrl })
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Plugins', level: 1 })
  }

  async open(): Promise<void> {
    await openScreen(this.page, 'Plugins')
    await expect(this.heading).toBeVisible()
  }

  /** The names the marketplace lists, in its order (its cards' headings). */
  get marketplaceNames(): Locator {
    return this.page.getByRole('list', { name: 'Marketplace plugins' }).getByRole('heading', { level: 3 })
  }

  /**
   * The marketplace's category filter offers one option per category, labelled as BrainDrive labels it;
   * choosing Utilities leaves the two utility samples.
   */
  async expectCategoryFilter(): Promise<void> {
    await expect(this.page.getByLabel('Category').getByRole('option')).toHaveText([
      'All categories',
      'Data',
      'Productivity',
      'Utilities',
    ])
    await this.page.getByLabel('Category').selectOption({ label: 'Utilities' })
    await expect(this.marketplaceNames).toHaveText(['Quire Follower', 'Quire Compat'])
  }

  /** The Advanced disclosure that holds installing from a file or a URL. */
  get advanced(): Locator {
    return this.page.locator('details.plugin-advanced')
  }

  /** Opens Advanced (by its summary, as a person would) unless it is open. */
  async openAdvanced(): Promise<void> {
    if ((await this.advanced.getAttribute('open')) === null)
      await this.page.getByText('Advanced: install from a file, a URL or GitHub').click()
    await expect(this.page.getByRole('button', { name: 'Choose a plugin file' })).toBeVisible()
  }

  /** Chooses an archive with "Choose a plugin file" (under Advanced), through the browser's own file chooser. */
  async chooseFile(path: string): Promise<void> {
    await this.openAdvanced()
    const chooser = this.page.waitForEvent('filechooser')
    await this.page.getByRole('button', { name: 'Choose a plugin file' }).click()
    await (await chooser).setFiles(path)
  }

  installDialog(pluginName: string): Locator {
    return this.page.getByRole('dialog', { name: `Install ${pluginName}?` })
  }

  /** Starts recording every value the install progress bar of `pluginName` shows (it may be brief). */
  async watchProgress(pluginName: string): Promise<void> {
    await this.page.evaluate((label) => {
      const seen: Array<number | null> = []
      ;(window as unknown as { __pluginProgress: typeof seen }).__pluginProgress = seen
      const record = () => {
        const bar = document.querySelector<HTMLProgressElement>(`progress[aria-label="${label}"]`)
        if (bar) seen.push(bar.hasAttribute('value') ? bar.value : null)
      }
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['value'],
      })
    }, `Installing ${pluginName}`)
  }

  /** The progress values recorded since `watchProgress` (null: indeterminate, "installing"). */
  async progressSeen(): Promise<Array<number | null>> {
    return this.page.evaluate(
      () => (window as unknown as { __pluginProgress: Array<number | null> }).__pluginProgress,
    )
  }

  get installedList(): Locator {
    return this.page.getByRole('list', { name: 'Installed plugins' })
  }

  /** An installed plugin's card, found by its heading. */
  card(pluginName: string): Locator {
    return this.installedList
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: pluginName, exact: true, level: 3 }) })
  }

  pluginSwitch(pluginName: string): Locator {
    return this.card(pluginName).getByRole('switch', { name: `${pluginName} Enabled`, exact: true })
  }

  moduleSwitch(pluginName: string, moduleName: string): Locator {
    return this.card(pluginName).getByRole('switch', { name: `${moduleName} module Enabled`, exact: true })
  }

  /** Uninstalls through the confirmation dialog, which names the plugin and starts on Cancel. */
  async uninstall(pluginName: string): Promise<void> {
    await this.card(pluginName)
      .getByRole('button', { name: `Uninstall ${pluginName}` })
      .click()
    const dialog = this.page.getByRole('dialog', { name: `Uninstall ${pluginName}?` })
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Uninstall', exact: true }).click()
    await expect(dialog).toHaveCount(0)
  }

  /** The warning shown before a plugin is trusted. */
  trustDialog(pluginName: string): Locator {
    return this.page.getByRole('dialog', { name: `Trust ${pluginName}?` })
  }

  tab(name: 'Marketplace' | RegExp): Locator {
    return this.page.getByRole('tab', { name })
  }

  get urlField(): Locator {
    return this.page.getByLabel('Plugin URL')
  }
}
