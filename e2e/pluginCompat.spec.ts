import { expect, test, type Page } from './support/test'
import { STATIC_PORT, SYNC_PORT } from '../playwright.config'
import { startFakeOllama, type FakeOllama } from '../sync-server/test/modelhostFakeOllama'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { SettingsPage } from './pages/SettingsPage'
import { openApp } from './support/openApp'
import { samplePluginZips } from './support/samplePluginZips'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// QuireCompat is written against BrainDrive's services contract as BrainDrive's plugin template uses it
// (synchronous theme and page context in render, settings, the api's response body, events). It must
// render and work as a BrainDrive plugin would there, on the static origin (no server at all) and on
// the sync server's origin, and offline.
let compatZip: Buffer
// A server-sent event stream from Quire's own API for the lab to listen to: a model install's progress
// (`GET /api/v1/modelhost/install/{task}/events`), from a fake Ollama both origins may reach.
let ollama: FakeOllama

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  compatZip = (await samplePluginZips('QuireCompat')).QuireCompat
  ollama = await startFakeOllama({
    cors: [`http://127.0.0.1:${STATIC_PORT}`, `http://127.0.0.1:${SYNC_PORT}`],
  })
  ollama.pulls.set('tiny:1b', { layers: [3000, 1000], steps: 2, delayMs: 20 })
})

test.afterAll(async () => {
  await ollama?.close()
})

async function readJson(page: Page, url: string): Promise<unknown> {
  return page.evaluate(async (target) => (await fetch(target)).json(), url)
}

async function compatBoard(page: Page): Promise<PluginBoardPage> {
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp(page)
  await page.evaluate(() =>
    fetch('/api/collections/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Field notes', description: 'Trip' }),
    }),
  )
  const board = new PluginBoardPage(page)
  await board.install(compatZip, 'QuireCompat-1.0.0.zip')
  await board.create('Compat board', 'compat-board', [
    {
      i: 'panel',
      pluginId: 'QuireCompat',
      moduleId: 'CompatPanel',
      x: 0,
      y: 0,
      w: 8,
      h: 8,
      config: { title: 'Services as BrainDrive gives them' },
    },
    { i: 'switcher', pluginId: 'QuireCompat', moduleId: 'ThemeSwitcher', x: 8, y: 0, w: 4, h: 4 },
    { i: 'lab', pluginId: 'QuireCompat', moduleId: 'ServiceLab', x: 0, y: 8, w: 12, h: 10 },
  ])
  await board.open('compat-board', 'Compat board')
  for (const i of ['panel', 'switcher', 'lab'])
    await expect(board.cell(i)).toHaveAttribute('data-state', 'ready')
  return board
}

async function exercise(page: Page): Promise<PluginBoardPage> {
  const board = await compatBoard(page)
  const panel = board.module('panel')
  const switcher = board.module('switcher')

  // Synchronous getters in render answer strings and objects; the page's configured title is a prop.
  await expect(panel.getByRole('heading', { name: 'Services as BrainDrive gives them' })).toBeVisible()
  await expect(panel.getByTestId('compat-theme')).toHaveText('Theme: light')
  await expect(panel.getByTestId('compat-page')).toHaveText('Compat board (/compat-board)')
  await expect(panel.getByTestId('compat-ids')).toHaveText(/^QuireCompat\/[\w-]+\/panel$/)
  // api.get resolves with the response body, as BrainDrive's does.
  await expect(panel.getByTestId('compat-collections')).toHaveText('1 collection')

  // A setting registered, saved and read back (subscriber and the synchronous get alike).
  await panel.getByTestId('compat-note').fill('Bring the tripod')
  await panel.getByTestId('compat-save').click()
  await expect(panel.getByTestId('compat-status')).toHaveText('Saved')
  await expect(panel.getByTestId('compat-saved')).toHaveText('Bring the tripod')
  await expect(panel.getByTestId('compat-mirrored')).toHaveText('Bring the tripod')
  const stored = await readJson(
    page,
    '/api/v1/settings/instances?definition_id=quire_compat_settings&scope=user&user_id=current',
  )
  expect(stored).toEqual([expect.objectContaining({ value: { note: 'Bring the tripod' } })])
  // Another module subscribed to the setting's category hears it change.
  await expect(board.module('lab').getByTestId('lab-plugins-category')).toHaveText('note: Bring the tripod')

  // Events both ways.
  await panel.getByTestId('compat-ping').click()
  await expect(switcher.getByTestId('switcher-ping')).toHaveText('Hello from the panel')
  await expect(panel.getByTestId('compat-greeting')).toHaveText('Hello from the switcher')

  // Another module shows a theme: the page and every module follow. As BrainDrive's setTheme, it only
  // shows it: the person's theme_settings stay as they were.
  await switcher.getByTestId('switcher-toggle').click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(panel.getByTestId('compat-theme')).toHaveText('Theme: dark')
  await expect(panel.getByTestId('compat-panel')).toHaveAttribute('data-theme', 'dark')
  await expect(switcher.getByTestId('switcher-theme')).toHaveText('Theme: dark')
  const theme = await readJson(
    page,
    '/api/v1/settings/instances?definition_id=theme_settings&scope=user&user_id=current',
  )
  expect(theme).not.toContainEqual(
    expect.objectContaining({ value: expect.objectContaining({ theme: 'dark' }) }),
  )

  // Settings, in another tab, saves a theme: the modules on the board follow at once.
  const other = await page.context().newPage()
  await openApp(other)
  const settings = new SettingsPage(other)
  await settings.open()
  await expect(settings.theme('Dark')).not.toBeChecked()
  await settings.theme('Light').check()
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(panel.getByTestId('compat-theme')).toHaveText('Theme: light')
  await expect(switcher.getByTestId('switcher-theme')).toHaveText('Theme: light')
  await other.close()
  return board
}

/**
 * The lab: plugin state kept and read (its own, not another plugin's), setting instances created,
 * updated, read and deleted with its category's subscriber hearing each change, and server-sent event
 * streams through getSse and subscribeToSse.
 */
async function exerciseLab(page: Page, board: PluginBoardPage): Promise<void> {
  const lab = board.module('lab')
  await expect(lab.getByTestId('lab-state')).toHaveText('No saved state')
  await lab.getByTestId('lab-draft').fill('Half a thought')
  await lab.getByTestId('lab-keep').click()
  await expect(lab.getByTestId('lab-state')).toHaveText('Kept')
  await lab.getByTestId('lab-page-state').click()
  await expect(lab.getByTestId('lab-state')).toHaveText(
    'Own: {"draft":"Half a thought"}; other: plugin state of another plugin is out of reach: QuireCompat may only use its own',
  )

  const instance = lab.getByTestId('lab-instance')
  const category = lab.getByTestId('lab-category')
  await lab.getByTestId('lab-create').click()
  await expect(instance).toHaveText('Created 1')
  await expect(category).toHaveText('1 instance(s): 1')
  await lab.getByTestId('lab-create').click()
  await expect(instance).toHaveText('Create: Setting quire_compat_lab does not support multiple instances')
  await lab.getByTestId('lab-update').click()
  await expect(instance).toHaveText('Updated 2')
  await expect(category).toHaveText('1 instance(s): 2')
  await lab.getByTestId('lab-read').click()
  await expect(instance).toHaveText('Read 2')
  await lab.getByTestId('lab-delete').click()
  await expect(instance).toHaveText('Deleted')
  await expect(category).toHaveText(/^0 instance\(s\)/)
  await lab.getByTestId('lab-read').click()
  await expect(instance).toHaveText('Read nothing')
  await lab.getByTestId('lab-set').click()
  await expect(instance).toHaveText('Saved 5')
  await expect(category).toHaveText('1 instance(s): 5')
  const url = '/api/v1/settings/instances?definition_id=quire_compat_lab&scope=user&user_id=current'
  expect(await readJson(page, url)).toEqual([expect.objectContaining({ value: { count: 5 } })])
  await lab.getByTestId('lab-delete-setting').click()
  await expect(instance).toHaveText('Setting deleted')
  await expect(category).toHaveText(/^0 instance\(s\)/)
  expect(await readJson(page, url)).toEqual([])
  await lab.getByTestId('lab-delete-setting').click()
  await expect(instance).toHaveText('Delete setting: Setting instance quire_compat_lab not found')

  // A stream of Quire's API: a model install's progress, to its end.
  const task = await page.evaluate(async (serverUrl) => {
    const response = await fetch('/api/v1/modelhost/install', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'tiny:1b', server_url: serverUrl, force_reinstall: true }),
    })
    return ((await response.json()) as { task_id: string }).task_id
  }, ollama.url)
  const sse = lab.getByTestId('lab-sse')
  await lab.getByTestId('lab-sse-path').fill(`/api/v1/modelhost/install/${task}/events`)
  await lab.getByTestId('lab-sse-get').click()
  await expect(sse).toHaveText(/^getSse ended after [1-9]\d* event\(s\); last: \{.*"status":"completed"/)
  await lab.getByTestId('lab-sse-subscribe').click()
  await expect(sse).toHaveText(/^open 200; [1-9]\d* event\(s\); closed$/)
  await lab.getByTestId('lab-sse-path').fill('/api/v1/modelhost/install/no-such-task/events')
  await lab.getByTestId('lab-sse-subscribe').click()
  await expect(sse).toHaveText(/^; error: Unexpected response: 404 application\/json/)
  await lab.getByTestId('lab-sse-get').click()
  await expect(sse).toHaveText(/^getSse failed: Unexpected response: 404 application\/json/)
}

test('the compatibility sample renders and uses BrainDrive’s services on the static origin, and offline', async ({
  page,
  context,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  const board = await exercise(page)
  await exerciseLab(page, board)

  // The theme setting is the person's, not the system's: a dark system does not change it.
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(board.module('panel').getByTestId('compat-theme')).toHaveText('Theme: light')

  await goOffline(page)
  await page.reload()
  await expect(board.heading('Compat board')).toBeVisible()
  for (const i of ['panel', 'switcher', 'lab'])
    await expect(board.cell(i)).toHaveAttribute('data-state', 'ready')
  // The lab's plugin state outlived the reload (this tab's sessionStorage, as BrainDrive keeps it).
  await expect(board.module('lab').getByTestId('lab-state')).toHaveText('Restored')
  await expect(board.module('lab').getByTestId('lab-draft')).toHaveValue('Half a thought')
  const panel = board.module('panel')
  await expect(panel.getByTestId('compat-theme')).toHaveText('Theme: light')
  await expect(panel.getByTestId('compat-saved')).toHaveText('Bring the tripod')
  await expect(panel.getByTestId('compat-collections')).toHaveText('1 collection')
  await board.module('switcher').getByTestId('switcher-toggle').click()
  await expect(panel.getByTestId('compat-theme')).toHaveText('Theme: dark')
  await context.setOffline(false)
})

test.describe('on the sync server’s origin', () => {
  test.use({ baseURL: `http://127.0.0.1:${SYNC_PORT}` })

  test('the compatibility sample renders and uses BrainDrive’s services', async ({ page }) => {
    test.setTimeout(scaledTimeout(120_000))
    const board = await exercise(page)
    await exerciseLab(page, board)
    await page.reload()
    await expect(board.cell('lab')).toHaveAttribute('data-state', 'ready')
    await expect(board.module('lab').getByTestId('lab-state')).toHaveText('Restored')
    await expect(board.module('lab').getByTestId('lab-draft')).toHaveValue('Half a thought')
  })
})
