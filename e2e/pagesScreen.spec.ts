import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test, type Page } from './support/test'
import { buildSamplePlugins, DEFAULT_OUT_DIR } from '../scripts/buildSamplePlugins.mjs'
import { NavigationPanel } from './pages/NavigationPanel'
import { PagesScreen } from './pages/PagesScreen'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// The Pages screen on the static server: every request is answered by the in-browser API.
let notesZip: Buffer

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  await buildSamplePlugins()
  notesZip = await readFile(path.join(DEFAULT_OUT_DIR, 'QuireNotes-1.0.0.zip'))
})

type ApiPage = { id: string; name: string; route: string; is_parent_page: boolean; is_published: boolean }

async function apiPages(page: Page): Promise<ApiPage[]> {
  return page.evaluate(
    async () => ((await (await fetch('/api/v1/pages')).json()) as { pages: ApiPage[] }).pages,
  )
}

test('pages are created, placed under a parent, moved, renamed, published, opened at their route (offline too) and deleted after a confirmation', async ({
  page,
  context,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page)
  const screen = new PagesScreen(page)
  await screen.open()
  await expect(page.getByRole('heading', { name: 'No pages yet' })).toBeVisible()
  await expectAccessible(page, 'the Pages screen, no pages')

  // A new page takes its route from its name.
  const dialog = await screen.create('Reading board')
  await expect(dialog).toBeHidden()
  await expect(screen.route('Reading board')).toHaveText('/reading-board')
  await expect(page.getByText('Reading board created at /reading-board')).toBeVisible()

  // A taken route is refused in the dialog, with what was typed kept.
  const refused = await screen.create('Another board', { segment: 'reading-board' })
  await expect(refused.getByRole('alert')).toHaveText('A page with this route already exists')
  await expect(refused.getByLabel('Name')).toHaveValue('Another board')
  await refused.getByLabel('Route segment').fill('.bad')
  await refused.getByRole('button', { name: 'Create' }).click()
  await expect(refused.getByRole('alert')).toContainText('not starting with "."')
  await refused.getByRole('button', { name: 'Cancel' }).click()
  await expect(refused).toBeHidden()
  await expect(screen.list.getByRole('listitem')).toHaveCount(1)

  // A parent page, and a page under it: its route is the parent's route and its segment.
  await screen.create('Docs', { parentPage: true })
  await expect(screen.item('Docs').getByText('Parent page', { exact: true }).first()).toBeVisible()
  await expect(screen.switch('Docs', 'Parent page')).toBeChecked()
  await screen.create('Intro', { parent: 'Docs (/docs)' })
  await expect(screen.route('Intro')).toHaveText('/docs/intro')
  await expect(screen.item('Intro').getByText('Docs (/docs)')).toBeVisible()
  // Listed under its parent, indented.
  const names = await screen.list.getByRole('heading', { level: 2 }).allTextContents()
  expect(names).toEqual(['Reading board', 'Docs', 'Intro'])
  const indent = async (name: string) =>
    screen.item(name).evaluate((el) => parseFloat(getComputedStyle(el).marginInlineStart))
  expect(await indent('Intro')).toBeGreaterThan(await indent('Docs'))

  // Moved under Docs, then back to the top level with another segment.
  await expect(await screen.move('Reading board', 'Docs (/docs)')).toBeHidden()
  await expect(screen.route('Reading board')).toHaveText('/docs/reading-board')
  // A page cannot be offered as its own parent.
  await screen.button('Move', 'Docs').click()
  const moveDocs = screen.dialog('Move Docs')
  await expect(moveDocs.getByRole('option', { name: 'Docs (/docs)' })).toHaveCount(0)
  await expect(moveDocs.getByRole('option', { name: 'Intro (/docs/intro)' })).toHaveCount(0)
  await moveDocs.getByRole('button', { name: 'Cancel' }).click()
  await expect(await screen.move('Reading board', 'None (top level)', 'board')).toBeHidden()
  await expect(screen.route('Reading board')).toHaveText('/board')

  // The parent-page switch, saved.
  await screen.switch('Reading board', 'Parent page').check()
  await expect
    .poll(async () => (await apiPages(page)).find((p) => p.name === 'Reading board')?.is_parent_page)
    .toBe(true)

  // Renamed; the route stays.
  await screen.button('Rename', 'Intro').click()
  const rename = screen.dialog('Rename Intro')
  await rename.getByLabel('Name').fill('Introduction')
  await rename.getByRole('button', { name: 'Rename' }).click()
  await expect(rename).toBeHidden()
  await expect(screen.route('Introduction')).toHaveText('/docs/intro')

  // Published, still after a reload.
  await expect(screen.switch('Introduction', 'Published')).not.toBeChecked()
  await screen.switch('Introduction', 'Published').check()
  await expect(screen.item('Introduction').getByText('Published', { exact: true }).first()).toBeVisible()
  await page.reload()
  await expect(screen.switch('Introduction', 'Published')).toBeChecked()
  await expect(screen.switch('Docs', 'Published')).not.toBeChecked()
  await expectAccessible(page, 'the Pages screen with pages')

  // Published pages appear in the app's navigation under their parent: one under a navigation route.
  await screen.create('Board', { parent: 'Your pages (/dashboard)' })
  await expect(screen.route('Board')).toHaveText('/dashboard/board')
  await screen.switch('Board', 'Published').check()
  await expect(screen.switch('Board', 'Published')).toBeChecked()
  // Opened from the screen; the navigation (read again on a new location) has it under its route.
  await screen.openLink('Board').click()
  await expect(page.getByRole('heading', { name: 'Board', level: 1 })).toBeVisible()
  // "Your BrainDrive" (the seeded group route) is no entry of the one navigation: what it holds is listed
  // with the person's own routes and pages.
  const yours = new NavigationPanel(page).yours
  await expect(yours.getByRole('link', { name: 'Board', exact: true })).toHaveAttribute(
    'href',
    '/p/dashboard/board',
  )
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Your BrainDrive')).toHaveCount(0)
  await screen.open()

  // Design opens the page designer for the page.
  await screen.designLink('Introduction').click()
  await expect(page).toHaveURL(
    new RegExp(`/designer/${(await apiPages(page)).find((p) => p.name === 'Introduction')!.id}$`),
  )
  await expect(page.getByRole('heading', { name: 'Design Introduction', level: 1 })).toBeVisible()
  await screen.open()

  // A module on the page (its content set as the designer would), opened from the screen at its route.
  const board = new PluginBoardPage(page)
  await board.install(notesZip, 'QuireNotes-1.0.0.zip')
  const intro = (await apiPages(page)).find((p) => p.name === 'Introduction')!
  const saved = await page.evaluate(async (id) => {
    const content = {
      layouts: { desktop: [{ i: 'notes', x: 0, y: 0, w: 6, h: 5 }] },
      modules: { notes: { pluginId: 'QuireNotes', moduleId: 'Notes', moduleName: 'Notes', config: {} } },
    }
    const response = await fetch(`/api/v1/pages/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content }),
    })
    return response.status
  }, intro.id)
  expect(saved).toBe(200)
  await screen.openLink('Introduction').click()
  await expect(page).toHaveURL(/\/p\/docs\/intro$/)
  await expect(board.heading('Introduction')).toBeVisible()
  await expect(board.cell('notes')).toHaveAttribute('data-state', 'ready', { timeout: scaledTimeout(30_000) })

  // The deep link, reloaded offline: the page and its module come from this device.
  await goOffline(page)
  await page.reload()
  await expect(board.heading('Introduction')).toBeVisible()
  await expect(board.cell('notes')).toHaveAttribute('data-state', 'ready', { timeout: scaledTimeout(30_000) })
  await expect(board.module('notes').getByRole('heading', { name: 'Notes', level: 2 })).toBeVisible()

  // Deleted behind a confirmation (still offline: nothing needs a server); Cancel keeps it.
  await screen.open()
  await screen.button('Delete', 'Reading board').click()
  const confirm = screen.dialog('Delete Reading board?')
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(screen.item('Reading board')).toBeVisible()
  await screen.button('Delete', 'Reading board').click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toBeHidden()
  await expect(screen.item('Reading board')).toHaveCount(0)
  expect((await apiPages(page)).map((p) => p.name)).toEqual(['Docs', 'Introduction', 'Board'])
  await context.setOffline(false)

  // At phone width.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(screen.item('Introduction')).toBeVisible()
  await expectAccessible(page, 'the Pages screen at 390 px')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectAccessible(page, 'the Pages screen at 390 px, dark')
  await page.setViewportSize({ width: 1280, height: 900 })
  await screen.button('Move', 'Introduction').click()
  await expect(screen.dialog('Move Introduction')).toBeVisible()
  await expectAccessible(page, 'the Move dialog, dark')
})
