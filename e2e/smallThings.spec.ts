import { expect, test, type Locator, type Page } from './support/test'
import { CollectionsPage } from './pages/CollectionsPage'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { PluginManagerPage } from './pages/PluginManagerPage'
import { goOffline } from './support/goOffline'
import { openApp, untilServiceWorker } from './support/openApp'
import { samplePluginsDir } from './support/samplePluginsDir'
import { syncServer } from './support/syncDevices'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Small things a new person met: a collection made without a description, a colour picker whose "None"
// shows no colour, a plugin list without Quire's test samples and with one filter per category, and a
// page's Chat module whose set-up hint reads as a hint, not an error. On the sync server's own origin,
// the collection offline too, at a desktop's and a phone's size; each screen's picture is kept with the
// test's output.

/** The colour a class of the app's stylesheets gives text, read from an element made for the purpose. */
function textColourOf(page: Page, className: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('p')
    probe.className = name
    document.body.append(probe)
    const colour = getComputedStyle(probe).color
    probe.remove()
    return colour
  }, className)
}

async function picture(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) })
}

/** Whether a hatched cover hides the colour input's swatch (the "no colour" look) and covers it all. */
function coveredSwatch(input: Locator): Promise<{ covered: boolean; hatched: boolean }> {
  return input.evaluate((element) => {
    const box = element.parentElement!
    const cover = getComputedStyle(box, '::after')
    const inner = element.getBoundingClientRect()
    return {
      covered:
        cover.content !== 'none' &&
        Math.abs(parseFloat(cover.width) - (inner.width - 2)) < 1.5 &&
        Math.abs(parseFloat(cover.height) - (inner.height - 2)) < 1.5,
      hatched: cover.backgroundImage.includes('repeating-linear-gradient'),
    }
  })
}

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  await samplePluginsDir()
})

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  const size = `${viewport.width}x${viewport.height}`
  test.describe(size, () => {
    test.use({ viewport, baseURL: syncServer })

    test('a collection without a description, offline; "None" shows no colour', async ({ page, context }) => {
      await openApp(page, '/collections')
      await untilServiceWorker(page)
      await goOffline(page)
      await page.getByRole('button', { name: 'New collection' }).first().click()
      const form = page.getByRole('dialog')
      const description = form.getByLabel('Description', { exact: true })
      await expect(form.getByText('Only the name is required.')).toBeVisible()
      await expect(description).not.toHaveAttribute('aria-required')
      // What an empty description becomes is shown before anything is sent, and follows the name.
      await expect(description).toHaveAttribute('placeholder', 'Documents about this collection')
      await form.getByLabel('Name', { exact: true }).fill('Kitchen')
      await expect(description).toHaveAttribute('placeholder', 'Documents about Kitchen')
      await expect(description).toHaveAccessibleDescription(
        'Optional. Left empty, it is “Documents about Kitchen”.',
      )

      // "None" is chosen: the colour input (still the one control named "Colour") shows no colour.
      const colour = form.getByLabel('Colour', { exact: true })
      await expect(form.getByRole('radio', { name: 'None' })).toBeChecked()
      expect(await coveredSwatch(colour)).toEqual({ covered: true, hatched: true })
      await expect(form.getByText('No colour')).toBeVisible()
      await picture(page, `collection-form-none-${size}`)
      // A preset shows itself in the input; "None" again hides it; the keyboard reaches the input.
      await form.getByRole('radio', { name: 'Teal' }).check()
      expect((await coveredSwatch(colour)).covered).toBe(false)
      await expect(colour).toHaveValue('#14877f')
      await expect(form.getByText('#14877F')).toBeVisible()
      await picture(page, `collection-form-teal-${size}`)
      await form.getByRole('radio', { name: 'None' }).check()
      expect((await coveredSwatch(colour)).covered).toBe(true)
      await colour.focus()
      await expect(colour).toBeFocused()

      await form.getByRole('button', { name: 'Create collection' }).click()
      const card = new CollectionsPage(page).card('Kitchen')
      await expect(card).toContainText('Documents about Kitchen')
      await picture(page, `collections-${size}`)
      await context.setOffline(false)
    })

    test('the marketplace lists no test samples and one filter per category', async ({ page }) => {
      await openApp(page, '/plugins')
      const manager = new PluginManagerPage(page)
      await expect(manager.tab('Marketplace')).toHaveAttribute('aria-selected', 'true')
      const names = manager.marketplaceNames
      await expect(names).toHaveText(['Quire Notes', 'Quire Collections', 'Quire Follower', 'Quire Compat'])
      await expect(page.getByText(/Quire AI stand-in|for Quire's tests/)).toHaveCount(0)
      await manager.expectCategoryFilter()
      await picture(page, `marketplace-utilities-${size}`)
    })

    test("a page's Chat module without a collection shows its set-up hint as a hint", async ({ page }) => {
      await openApp(page)
      const board = new PluginBoardPage(page)
      await board.create('Set-up hint', 'set-up-hint', [
        { i: 'chat', pluginId: 'quire', moduleId: 'Chat', x: 0, y: 0, w: 12, h: 6 },
      ])
      await board.open('set-up-hint', 'Set-up hint')
      const hint = board.cell('chat').getByText('This Chat module works on one collection.')
      await expect(hint).toBeVisible()
      const colour = await hint.evaluate((element) => getComputedStyle(element).color)
      expect(colour).toBe(await textColourOf(page, 'field-hint'))
      expect(colour).not.toBe(await textColourOf(page, 'field-error'))
      await picture(page, `chat-set-up-hint-${size}`)
    })
  })
}
