import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from './support/test'
import { unzipSync, zipSync } from 'fflate'
import { SYNC_PORT } from '../playwright.config'
import { PluginManagerPage } from './pages/PluginManagerPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { samplePluginZipPath } from './support/samplePluginZipPath'
import { samplePluginsDir } from './support/samplePluginsDir'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// The static server has no API at all: every plugin call here is answered by the in-browser API.
let notesZip = ''

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  notesZip = await samplePluginZipPath('QuireNotes')
})

type Manifest = Record<string, { enabled: boolean; modules: Array<{ name: string; enabled: boolean }> }>
const installed = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/v1/plugins/manifest')).json()) as Manifest)

test('install a plugin from a file offline, seeing its permissions and the progress; switch it and a module off and on; uninstall with confirmation', async ({
  page,
}) => {
  await openApp(page)
  // Everything but downloads works without a network: the browser's API answers from this device.
  await goOffline(page)
  const manager = new PluginManagerPage(page)
  await manager.open()
  // The screen leads with the marketplace (offline, it says it waits); installed plugins come next, and the
  // developer's installers (a file, a URL) are under Advanced, closed.
  await expect(manager.tab('Marketplace')).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab').first()).toHaveText('Marketplace')
  await expect(page.getByText('The marketplace needs a connection')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Choose a plugin file' })).toBeHidden()
  await manager.tab(/^Installed/).click()
  await expect(page.getByText('No plugins installed yet')).toBeVisible()
  await manager.openAdvanced()
  await expect(manager.urlField).toBeDisabled()
  await expect(page.getByText('installing from a URL needs a connection')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Check for updates' })).toBeDisabled()
  await expectAccessible(page, 'the plugin manager, nothing installed')

  // The archive is read in the page first: what it asks for is shown before anything is installed.
  await manager.chooseFile(notesZip)
  const dialog = manager.installDialog('Quire Notes')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Quire Notes 1.0.0 by Quire')
  await expect(dialog.getByRole('listitem').filter({ hasText: 'storage.write' })).toContainText(
    'Save and change data of its own',
  )
  await expect(dialog.getByRole('listitem').filter({ hasText: 'storage.read' })).toContainText(
    'Read the data it saved for itself',
  )
  // A notes widget keeps its own notes and nothing more: it does not ask for the rest of your data.
  await expect(dialog.getByRole('listitem')).toHaveCount(2)
  await expect(dialog.getByRole('listitem').filter({ hasText: 'api.access' })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Install', exact: true })).toBeFocused()
  await expect(installed(page)).resolves.toEqual({})
  await expectAccessible(page, 'the install dialog')

  await manager.watchProgress('Quire Notes')
  await dialog.getByRole('button', { name: 'Install', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Quire Notes 1.0.0 installed')).toBeVisible()
  // The upload's bar (a share of the file sent), then "Installing" until the API answers.
  const progress = await manager.progressSeen()
  expect(progress[0], 'the install progress bar was shown').toEqual(expect.any(Number))

  // The new plugin's heading has focus; its card shows who made it, its module and its permissions.
  const card = manager.card('Quire Notes')
  await expect(card.getByRole('heading', { name: 'Quire Notes' })).toBeFocused()
  await expect(card).toContainText('Version 1.0.0')
  await expect(card).toContainText('by Quire')
  await expect(card).toContainText('Read the data it saved for itself')
  await expect(manager.tab(/^Installed \(1\)$/)).toHaveAttribute('aria-selected', 'true')
  await expectAccessible(page, 'the plugin manager with a plugin')

  // Disable the plugin and its module (Space on the switch, as a keyboard user would), then reload.
  await expect(manager.pluginSwitch('Quire Notes')).toBeChecked()
  await manager.pluginSwitch('Quire Notes').focus()
  await page.keyboard.press('Space')
  await expect.poll(async () => (await installed(page)).QuireNotes?.enabled).toBe(false)
  await manager.moduleSwitch('Quire Notes', 'Notes').click()
  await expect
    .poll(async () => (await installed(page)).QuireNotes?.modules.find((m) => m.name === 'Notes')?.enabled)
    .toBe(false)
  await page.reload()
  await expect(manager.heading).toBeVisible()
  await expect(manager.pluginSwitch('Quire Notes')).not.toBeChecked()
  await expect(manager.moduleSwitch('Quire Notes', 'Notes')).not.toBeChecked()
  await manager.pluginSwitch('Quire Notes').click()
  await manager.moduleSwitch('Quire Notes', 'Notes').click()
  await expect
    .poll(async () => (await installed(page)).QuireNotes)
    .toMatchObject({
      enabled: true,
      modules: [{ name: 'Notes', enabled: true }],
    })

  // Installing the same plugin again is refused by the API, with its reason, and changes nothing.
  await manager.chooseFile(notesZip)
  await dialog.getByRole('button', { name: 'Install', exact: true }).click()
  await expect(dialog.getByRole('alert')).toContainText('Quire Notes was not installed')
  await expect(dialog.getByRole('alert')).toContainText(/already installed/i)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(manager.card('Quire Notes')).toHaveCount(1)

  await manager.uninstall('Quire Notes')
  await expect(page.getByText('Quire Notes uninstalled')).toBeVisible()
  await expect(page.getByText('No plugins installed yet')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Installed plugins' })).toBeFocused()
  await expect(installed(page)).resolves.toEqual({})
})

test('a bad archive shows why it is refused and installs nothing', async ({ page }) => {
  await openApp(page)
  const manager = new PluginManagerPage(page)
  await manager.open()

  const dir = await mkdtemp(path.join(tmpdir(), 'quire-e2e-bad-plugins-'))
  try {
    const notAnArchive = path.join(dir, 'broken.zip')
    await writeFile(notAnArchive, 'this is not a zip file')
    await manager.chooseFile(notAnArchive)
    const refusal = page.getByRole('alert').filter({ hasText: 'broken.zip cannot be installed' })
    await expect(refusal).toContainText('not a .zip or .tar.gz archive')
    await expect(manager.installDialog('broken')).toHaveCount(0)

    // A manifest breaking rules: each one is listed with the field it is about.
    const badManifest = path.join(dir, 'bad-manifest.zip')
    const manifest = {
      plugin_data: { name: 'Bad', plugin_slug: 'BadPlugin', version: 'one' },
      module_data: [{ name: 'Bad module' }],
    }
    await writeFile(
      badManifest,
      zipSync({
        'plugin.json': new TextEncoder().encode(JSON.stringify(manifest)),
        'dist/remoteEntry.js': new TextEncoder().encode('var BadPlugin;'),
      }),
    )
    await manager.chooseFile(badManifest)
    const problems = page.getByRole('alert').filter({ hasText: 'bad-manifest.zip cannot be installed' })
    await expect(problems.getByRole('listitem').filter({ hasText: 'plugin_data.version' })).toHaveCount(1)
    await expect(problems.getByRole('listitem').filter({ hasText: 'plugin_data.author' })).toContainText(
      'Field required',
    )
    await expectAccessible(page, 'the plugin manager showing a refused archive')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  await expect(installed(page)).resolves.toEqual({})
  await manager.tab(/^Installed/).click()
  await expect(page.getByText('No plugins installed yet')).toBeVisible()
})

test('the marketplace on the sync server: search, filter by category, see permissions, install; check for updates; offline it waits', async ({
  page,
  context,
}) => {
  // The server serves its built-in catalog (dist-plugins/, read when asked) at /plugin-catalog/; the page's
  // in-browser API downloads the catalog and the archive from there, as it would from any marketplace.
  await samplePluginsDir()
  await openApp(page, `http://127.0.0.1:${SYNC_PORT}/`)
  const manager = new PluginManagerPage(page)
  await manager.open()
  // The tabs follow the arrow keys, the selected one being the one in the Tab order.
  await manager.tab(/^Installed/).focus()
  await page.keyboard.press('ArrowRight')
  await expect(manager.tab('Marketplace')).toBeFocused()
  await expect(manager.tab('Marketplace')).toHaveAttribute('aria-selected', 'true')
  await expect(manager.tab(/^Installed/)).toHaveAttribute('tabindex', '-1')
  const list = page.getByRole('list', { name: 'Marketplace plugins' })
  const names = manager.marketplaceNames
  // The sample that exists only for Quire's tests (QuireAiStandIn) is not offered.
  await expect(names).toHaveText(['Quire Notes', 'Quire Collections', 'Quire Follower', 'Quire Compat'])

  await page.getByLabel('Search the marketplace').fill('collection')
  await expect(names).toHaveText(['Quire Collections', 'Quire Follower'])
  await page.getByLabel('Search the marketplace').fill('')
  await manager.expectCategoryFilter()
  await page.getByLabel('Search the marketplace').fill('follow')
  await expect(names).toHaveText(['Quire Follower'])
  await expectAccessible(page, 'the marketplace')

  await list.getByRole('button', { name: 'Install Quire Follower' }).click()
  const dialog = manager.installDialog('Quire Follower')
  await expect(dialog).toContainText('The marketplace says it asks to')
  await expect(dialog).toContainText('api.access')
  await dialog.getByRole('button', { name: 'Install', exact: true }).click()
  await expect(page.getByText('Quire Follower 1.0.0 installed')).toBeVisible()
  await expect(manager.card('Quire Follower')).toContainText('installed from the marketplace')
  await manager.tab('Marketplace').click()
  const follower = list
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Quire Follower' }) })
  await expect(follower).toContainText('Installed: version 1.0.0')

  await page.getByRole('button', { name: 'Check for updates' }).click()
  await expect(page.locator('#plugin-update-outcome')).toHaveText('No updates available.')

  await goOffline(page)
  await expect(page.getByText('The marketplace needs a connection')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Install Quire/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Check for updates' })).toBeDisabled()
  await context.setOffline(false)
  await expect(names).toHaveText(['Quire Follower'])
  await manager.tab(/^Installed/).click()
  await manager.uninstall('Quire Follower')
  await expect(installed(page)).resolves.toEqual({})
})

/**
 * A marketplace at the edge of the world: a catalog offering Quire Notes at `version` (CORS open, as a
 * real one must be for the browser to read it), its archive the sample's with that version written in.
 */
async function startFakeMarketplace(sampleZip: Uint8Array) {
  let version = '1.0.0'
  const archive = () => {
    const files = unzipSync(sampleZip)
    const manifest = JSON.parse(new TextDecoder().decode(files['plugin.json'])) as {
      plugin_data: Record<string, unknown>
    }
    manifest.plugin_data.version = version
    files['plugin.json'] = new TextEncoder().encode(JSON.stringify(manifest))
    return zipSync(files)
  }
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*')
    if (request.url === '/catalog.json') {
      const entry = {
        id: 'quire-notes',
        plugin_slug: 'QuireNotes',
        name: 'Quire Notes',
        description: 'Notes, from a fake marketplace',
        version,
        category: 'productivity',
        permissions: ['storage.read', 'storage.write', 'api.access'],
        download_url: `QuireNotes-${version}.zip`,
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(JSON.stringify({ plugins: [entry] }))
    }
    if (request.url === `/QuireNotes-${version}.zip`) {
      response.writeHead(200, { 'content-type': 'application/zip' })
      return response.end(archive())
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    catalogUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/catalog.json`,
    release: (next: string) => (version = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test('an update the marketplace offers: Check for updates finds it and Update installs it', async ({
  page,
}) => {
  const marketplace = await startFakeMarketplace(new Uint8Array(await readFile(notesZip)))
  try {
    await openApp(page)
    // The browser's marketplace is the catalog its setting names.
    const manager = new PluginManagerPage(page)
    await manager.useCatalog(marketplace.catalogUrl)
    await manager.open()
    await manager.tab('Marketplace').click()
    await page.getByRole('button', { name: 'Install Quire Notes' }).click()
    await manager.installDialog('Quire Notes').getByRole('button', { name: 'Install', exact: true }).click()
    await expect(page.getByText('Quire Notes 1.0.0 installed')).toBeVisible()

    marketplace.release('1.1.0')
    await page.getByRole('button', { name: 'Check for updates' }).click()
    await expect(page.locator('#plugin-update-outcome')).toHaveText(
      'An update is available: QuireNotes 1.1.0.',
    )
    const card = manager.card('Quire Notes')
    await expect(card).toContainText('Version 1.1.0 is available')
    await card.getByRole('button', { name: 'Update Quire Notes' }).click()
    await expect(page.getByText('Quire Notes updated to 1.1.0')).toBeVisible()
    await expect(card).toContainText('Version 1.1.0 · by Quire')
    await expect(card.getByRole('button', { name: 'Update Quire Notes' })).toHaveCount(0)
  } finally {
    await marketplace.close()
  }
})
