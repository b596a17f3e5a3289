import { expect, test, type Page } from './support/test'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { PluginManagerPage } from './pages/PluginManagerPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { probePluginZip } from './support/probePlugin'
import { samplePluginZipPath } from './support/samplePluginZipPath'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Trusted mode (DESIGN.md section 7): only after the person confirms a warning does a plugin's module
// render in Quire's own page instead of its sandboxed frame. The static server has no API: the
// in-browser API answers everything, offline.
let notesZip = ''

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  notesZip = await samplePluginZipPath('QuireNotes')
})

const isTrusted = (page: Page, slug: string) =>
  page.evaluate(async (wanted) => {
    const manifest = (await (await fetch('/api/v1/plugins/manifest')).json()) as Record<
      string,
      { trusted: boolean }
    >
    return manifest[wanted]?.trusted
  }, slug)

test('trusting a plugin takes a confirmed warning; its module then renders in Quire’s own page and still saves a note; stopping puts it back in a frame', async ({
  page,
  context,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page)
  await goOffline(page)
  const manager = new PluginManagerPage(page)
  await manager.open()
  await manager.chooseFile(notesZip)
  await manager.installDialog('Quire Notes').getByRole('button', { name: 'Install', exact: true }).click()
  await expect(page.getByText('Quire Notes 1.0.0 installed')).toBeVisible()
  const card = manager.card('Quire Notes')
  const trust = card.getByRole('button', { name: 'Trust Quire Notes', exact: true })

  // Trust is explained where it is offered, before anyone presses it: what it gives, what an untrusted
  // plugin cannot do; the button is described by it.
  const trustNote = card.getByText('runs its modules in Quire’s own page instead of a sealed frame')
  await expect(trustNote).toBeVisible()
  await expect(trustNote).toContainText('it can only use the permissions above')
  await expect(trustNote).toContainText('cannot reach your other plugins’ data')
  await expect(trust).toHaveAccessibleDescription(/Trust runs its modules in Quire’s own page/)

  // The warning says what trusting means and lists what the plugin asked for; Cancel has focus.
  await trust.focus()
  await page.keyboard.press('Enter')
  const dialog = manager.trustDialog('Quire Notes')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('runs in Quire’s own page')
  await expect(dialog).toContainText('your documents')
  await expect(dialog).toContainText('your settings')
  await expect(dialog).toContainText('keys and data kept in this browser')
  await expect(dialog).toContainText('they no longer limit it')
  await expect(dialog.getByRole('listitem').filter({ hasText: 'storage.read' })).toContainText(
    'Read the data it saved for itself',
  )
  await expect(dialog.getByRole('listitem').filter({ hasText: 'storage.write' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectAccessible(page, 'the trust warning')
  await page.screenshot({ path: 'e2e/output/screens/plugin-trust-warning.png' })

  // Cancel (Escape) leaves it untrusted, focus back on Trust.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(trust).toBeFocused()
  expect(await isTrusted(page, 'QuireNotes')).toBe(false)
  await expect(card).not.toContainText('Trusted:')

  // Confirming (Tab to Trust, Enter) trusts it.
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Trust', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(card).toContainText('Trusted: its modules run in Quire’s own page')
  await expect(card.getByRole('button', { name: 'Stop trusting Quire Notes', exact: true })).toBeFocused()
  expect(await isTrusted(page, 'QuireNotes')).toBe(true)
  await expectAccessible(page, 'the plugin manager with a trusted plugin')

  // On a page its module renders in the page itself: no frame, its container a global of Quire's page.
  const board = new PluginBoardPage(page)
  await board.create('Trusted board', 'trusted-board', [
    { i: 'notes', pluginId: 'QuireNotes', moduleId: 'Notes', x: 0, y: 0, w: 6, h: 5 },
  ])
  await board.open('trusted-board', 'Trusted board')
  const cell = board.cell('notes')
  await expect(cell).toHaveAttribute('data-state', 'ready')
  await expect(cell).toHaveAttribute('data-trusted', 'true')
  await expect(page.locator('iframe')).toHaveCount(0)
  expect(await page.evaluate(() => typeof (window as unknown as { QuireNotes?: unknown }).QuireNotes)).toBe(
    'object',
  )
  // Its services are the same: the note is saved in its plugin state.
  await expect(cell.getByTestId('notes-status')).toHaveText('No notes yet')
  await cell.getByTestId('notes-input').fill('Trusted note')
  await cell.getByTestId('notes-add').click()
  await expect(cell.getByTestId('notes-status')).toHaveText('Saved')
  const saved = await page.evaluate(async () =>
    (await fetch('/api/v1/plugin-state/?plugin_id=QuireNotes&state_key=notes')).json(),
  )
  expect(JSON.stringify(saved)).toContain('Trusted note')
  await page.screenshot({ path: 'e2e/output/screens/plugin-trusted.png', fullPage: true })

  // Stop trusting: no warning needed; the module is back in its sandboxed frame, with its note.
  await manager.open()
  await card.getByRole('button', { name: 'Stop trusting Quire Notes', exact: true }).click()
  await expect(card).not.toContainText('Trusted:')
  await expect(manager.trustDialog('Quire Notes')).toHaveCount(0)
  await expect(trust).toBeFocused()
  expect(await isTrusted(page, 'QuireNotes')).toBe(false)
  await board.open('trusted-board', 'Trusted board')
  await expect(board.cell('notes')).toHaveAttribute('data-state', 'ready')
  await expect(board.cell('notes')).not.toHaveAttribute('data-trusted', 'true')
  const sandbox = await board.frameElement('notes').getAttribute('sandbox')
  expect(sandbox?.split(' ').sort()).toEqual(['allow-forms', 'allow-scripts'])
  await expect(board.module('notes').getByTestId('notes-item')).toContainText(['Trusted note'])
  await context.setOffline(false)
})

test('a trusted module that throws shows its error in its own cell; the page and other modules go on', async ({
  page,
}) => {
  await openApp(page)
  const board = new PluginBoardPage(page)
  const probe = await board.install(probePluginZip(), 'QuireProbe-1.0.0.zip')
  // Trusting is Quire's own call to the API (what the manager's dialog does once confirmed).
  const answer = await page.evaluate(async (id) => {
    const response = await fetch(`/api/v1/plugins/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ trusted: true }),
    })
    return response.status
  }, probe.plugin_id)
  expect(answer).toBe(200)
  await board.create('Thrower board', 'thrower-board', [
    { i: 'thrower', pluginId: 'QuireProbe', moduleId: 'Thrower', x: 0, y: 0, w: 4, h: 2 },
    { i: 'probe', pluginId: 'QuireProbe', moduleId: 'Probe', x: 4, y: 0, w: 8, h: 6 },
  ])
  await board.open('thrower-board', 'Thrower board')
  await expect(board.error('thrower')).toContainText('the probe module exploded')
  await expect(board.cell('probe')).toHaveAttribute('data-state', 'ready')
  await expect(page.locator('iframe')).toHaveCount(0)
  // In the page, its permissions still shape its services object, but nothing seals it off: it
  // reads the page itself (which is what the warning says).
  const results = board.cell('probe').getByTestId('probe-results')
  await expect(results).not.toHaveText('probing')
  const seen = JSON.parse((await results.textContent()) ?? '{}') as Record<string, string>
  expect(seen.parentDocument).toMatch(/^allowed: /)
  expect(seen.apiWithoutAccess).toMatch(/^blocked: Error: .*api\.access/)
  await expect(board.heading('Thrower board')).toBeVisible()
})
