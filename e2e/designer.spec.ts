import { expect, test, type Page } from './support/test'
import { DesignerPage } from './pages/DesignerPage'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { openBoardWithNotesAndCollections } from './support/openBoardWithNotesAndCollections'
import { samplePluginZips } from './support/samplePluginZips'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

let zips: Record<string, Buffer> = {}

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  zips = await samplePluginZips('QuireNotes', 'QuireCollections', 'QuireFollower')
})

interface StoredPage {
  is_published: boolean
  content: {
    layouts: Record<
      string,
      Array<{ i: string; x: number; y: number; w: number; h: number; pluginId: string }>
    >
    modules: Record<string, { pluginId: string; moduleId: string; config: Record<string, unknown> }>
  }
  content_backup: unknown
}

const readPage = (page: Page, id: string) =>
  page.evaluate(async (pageId) => (await fetch(`/api/v1/pages/${pageId}`)).json(), id) as Promise<StoredPage>

test('a person designs a page from plugin modules: adds, configures, resizes per layout, moves by keyboard, undoes, saves, publishes, restores a backup from the list and previews it', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(150_000))
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp(page)
  const board = new PluginBoardPage(page)
  for (const [slug, bytes] of Object.entries(zips)) await board.install(bytes, `${slug}-1.0.0.zip`)
  const pageId = await board.createEmpty('Designed board', 'designed-board')

  const designer = new DesignerPage(page)
  await designer.open(pageId, 'Designed board')

  // The palette: the plugins' modules, searchable and by category.
  await expect(designer.addButton('Notes')).toBeVisible()
  await expect(designer.addButton('Collection overview')).toBeVisible()
  await designer.search.fill('follower')
  await expect(designer.addButton('Collection follower')).toBeVisible()
  await expect(designer.addButton('Notes')).toHaveCount(0)
  await designer.search.fill('')
  await designer.category.selectOption('productivity')
  await expect(designer.addButton('Notes')).toBeVisible()
  await expect(designer.addButton('Collection overview')).toHaveCount(0)
  await designer.category.selectOption('Quire')
  await expect(designer.addButton('Chat')).toBeVisible()
  await expect(designer.addButton('Notes')).toHaveCount(0)
  await designer.category.selectOption('')

  // Two plugin modules, at their default sizes, one below the other.
  await designer.addButton('Notes').click()
  await designer.expectAnnounced('Notes added at column 1, row 1')
  await expect(designer.place('Notes-1')).toHaveText('column 1, row 1, 4 columns wide, 5 rows tall')
  await designer.addButton('Collection overview').click()
  await designer.expectAnnounced('Collection overview added at column 1, row 6')
  // Quire's own chat, beside Notes (its default 6 by 8, moved right by keyboard).
  await designer.addButton('Chat').click()
  await designer.expectAnnounced('Chat added at column 1, row 11')
  await expect(designer.moduleButton('Chat-1')).toBeFocused()
  for (let n = 0; n < 4; n++) await page.keyboard.press('ArrowRight')
  for (let n = 0; n < 10; n++) await page.keyboard.press('ArrowUp')
  await expect(designer.place('Chat-1')).toHaveText('column 5, row 1, 6 columns wide, 8 rows tall')

  // Notes' title through its generated form: the manifest's maxLength (60) is checked.
  await designer.moduleButton('Notes-1').click()
  const settings = designer.settings('Notes')
  const title = settings.getByRole('textbox', { name: 'Title' })
  await expect(title).toHaveValue('Notes')
  await title.fill('x'.repeat(61))
  await settings.getByRole('button', { name: 'Apply settings' }).click()
  await expect(settings.getByText('At most 60 characters')).toBeVisible()
  await expect(title).toHaveAttribute('aria-invalid', 'true')
  await expect(title).toBeFocused()
  await title.fill('Trip notes')
  await settings.getByRole('button', { name: 'Apply settings' }).click()
  await designer.expectAnnounced('Notes settings applied')

  // The tablet layout is its own: Notes grows there by Shift+ArrowRight, and not on the desktop.
  await designer.layout('Tablet').click()
  await expect(designer.grid).toHaveAccessibleName('Tablet layout, 8 columns')
  await designer.moduleButton('Notes-1').focus()
  await page.keyboard.press('Shift+ArrowRight')
  await page.keyboard.press('Shift+ArrowRight')
  await designer.expectAnnounced('Notes resized to 6 columns by 5 rows')
  await expect(designer.place('Notes-1')).toHaveText('column 1, row 1, 6 columns wide, 5 rows tall')
  await designer.layout('Desktop').click()
  await expect(designer.place('Notes-1')).toHaveText('column 1, row 1, 4 columns wide, 5 rows tall')

  // Keyboard only: add the follower from the palette, then move it with the arrow keys.
  await designer.search.focus()
  await page.keyboard.type('follower')
  await page.keyboard.press('Tab') // the category
  await page.keyboard.press('Tab') // Add Collection follower
  await expect(designer.addButton('Collection follower')).toBeFocused()
  await page.keyboard.press('Enter')
  await designer.expectAnnounced('Collection follower added at column 1, row 11')
  await expect(designer.moduleButton('CollectionFollower-1')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await designer.expectAnnounced('Collection follower moved to column 5, row 11')
  await page.keyboard.press('ArrowUp')
  await designer.expectAnnounced('Collection follower moved to column 5, row 10')
  await expect(designer.place('CollectionFollower-1')).toContainText('column 5, row 10')

  // Undo and redo, by keys and by buttons.
  await page.keyboard.press('Control+z')
  await designer.expectAnnounced('Undone')
  await expect(designer.place('CollectionFollower-1')).toContainText('column 5, row 11')
  await page.keyboard.press('Control+Shift+z')
  await designer.expectAnnounced('Redone')
  await expect(designer.place('CollectionFollower-1')).toContainText('column 5, row 10')
  await designer.action('Undo').click()
  await expect(designer.place('CollectionFollower-1')).toContainText('column 5, row 11')
  await designer.action('Redo').click()
  await expect(designer.place('CollectionFollower-1')).toContainText('column 5, row 10')

  // Leaving with unsaved changes asks first.
  await designer.action('Preview').click()
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Cancel' }).click()
  await expect(leave).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/designer/${pageId}$`))

  // Save: BrainDrive's {layouts, modules}, each layout as edited.
  await designer.action('Save').click()
  await designer.expectAnnounced('Page saved')
  const stored = await readPage(page, pageId)
  expect(stored.content.modules['Notes-1']).toMatchObject({
    pluginId: 'QuireNotes',
    moduleId: 'Notes',
    config: { title: 'Trip notes' },
  })
  expect(stored.content.layouts.tablet?.find((item) => item.i === 'Notes-1')).toMatchObject({ x: 0, w: 6 })
  expect(stored.content.layouts.desktop?.find((item) => item.i === 'Notes-1')).toMatchObject({ x: 0, w: 4 })
  expect(stored.content.layouts.desktop?.find((item) => item.i === 'CollectionFollower-1')).toMatchObject({
    x: 4,
    y: 9,
  })
  await expect(designer.action('Save')).toBeDisabled()

  // Publish: Quire keeps a copy of the page first ("Before publish", four modules).
  await designer.action('Publish').click()
  await designer.expectAnnounced('Page published')
  await expect(designer.action('Unpublish')).toBeVisible()
  expect((await readPage(page, pageId)).is_published).toBe(true)
  // Backed up by the person too (the same four modules); then Notes removed and saved (three).
  await designer.action('Back up').click()
  await designer.expectAnnounced('Saved page backed up')
  await designer.moduleButton('Notes-1').click()
  await page.keyboard.press('Delete')
  await designer.expectAnnounced('Notes removed')
  await expect(designer.card('Notes-1')).toHaveCount(0)
  await designer.action('Save').click()
  await designer.expectAnnounced('Page saved')

  // The backups, newest first, each with its label and module count; restored by keyboard alone.
  await designer.action('Backups').focus()
  await page.keyboard.press('Enter')
  await expect(designer.backups).toBeVisible()
  const rows = designer.backups.getByRole('row')
  await expect(rows).toHaveCount(3) // the header and two backups
  await expect(rows.nth(1)).toContainText('4 modules')
  await expect(rows.nth(2)).toContainText('Before publish')
  await expect(rows.nth(2)).toContainText('4 modules')
  await expectAccessible(page, 'the backups dialog')
  // Focus starts on Close (the dialog opens before its list has loaded); Tab wraps round to the list.
  await expect(designer.backups.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(rows.nth(1).getByRole('button', { name: /^Restore Backup, / })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(rows.nth(2).getByRole('button', { name: /^Restore Before publish, / })).toBeFocused()
  await page.keyboard.press('Enter')
  const confirmRestore = page.getByRole('dialog', { name: 'Restore “Before publish”?' })
  await expect(confirmRestore).toContainText('saved at once with this backup’s 4 modules')
  await expect(confirmRestore.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(confirmRestore.getByRole('button', { name: 'Restore and save' })).toBeFocused()
  await page.keyboard.press('Enter')
  await designer.expectAnnounced(
    'Backup Before publish restored and saved. Undo brings back the design you had.',
  )
  await expect(designer.backups).toHaveCount(0)
  await expect(designer.action('Backups')).toBeFocused()
  await expect(designer.card('Notes-1')).toBeVisible()
  await expect(designer.action('Save')).toBeDisabled()
  expect(Object.keys((await readPage(page, pageId)).content.modules)).toContain('Notes-1')
  // The restore is one step of the history: Undo brings back the design before it, unsaved; Redo the restored one.
  await designer.action('Undo').click()
  await expect(designer.card('Notes-1')).toHaveCount(0)
  await expect(designer.action('Save')).toBeEnabled()
  await designer.action('Redo').click()
  await expect(designer.card('Notes-1')).toBeVisible()
  await expect(designer.action('Save')).toBeDisabled()
  // What the restore replaced was backed up first; Escape closes the list.
  await designer.action('Backups').click()
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(1)).toContainText('Before restore')
  await expect(rows.nth(1)).toContainText('3 modules')
  await page.keyboard.press('Escape')
  await expect(designer.backups).toHaveCount(0)

  // Accessible at desktop and phone widths; screenshots of both.
  await expectAccessible(page, 'the page designer at 1280 px')
  await page.screenshot({ path: 'e2e/output/screens/designer-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await designer.layout('Phone').click()
  await expect(designer.grid).toHaveAccessibleName('Phone layout, 4 columns')
  await expectAccessible(page, 'the page designer at 390 px')
  await page.screenshot({ path: 'e2e/output/screens/designer-390.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })

  // Preview: the saved page renders its modules, Notes with its configured title.
  await designer.action('Preview').click()
  await expect(page).toHaveURL(/\/p\/designed-board$/)
  await expect(board.heading('Designed board')).toBeVisible()
  for (const key of ['Notes-1', 'CollectionOverview-1', 'CollectionFollower-1', 'Chat-1']) {
    await expect(board.cell(key)).toHaveAttribute('data-state', 'ready')
  }
  await expect(board.module('Notes-1').getByRole('heading', { name: 'Trip notes' })).toBeVisible()
  await expect(board.cell('Chat-1')).toHaveAttribute('data-builtin', 'Chat')
  await expect(board.cell('Chat-1').locator('iframe')).toHaveCount(0)
  // And back to the designer from the page.
  await page.getByRole('link', { name: 'Design', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Design Designed board', level: 1 })).toBeVisible()
})

test('by mouse: a module resized by its corner within its limits, undone; a palette entry dragged onto the tablet grid lands where dropped; a module moved by its handle; dark theme accessible, the backups dialog too', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  const board = await openBoardWithNotesAndCollections(page, zips, 'dark')
  const pageId = await board.create('Mouse board', 'mouse-board', [
    { i: 'notes', pluginId: 'QuireNotes', moduleId: 'Notes', x: 0, y: 0, w: 4, h: 5 },
  ])
  const designer = new DesignerPage(page)
  await designer.open(pageId, 'Mouse board')
  await expect(designer.place('notes')).toHaveText('column 1, row 1, 4 columns wide, 5 rows tall')

  // Resize by the corner handle: wider by about two columns; then far to the left, held at Notes' minWidth (3).
  const grid = page.locator('.designer-grid')
  const gridBox = (await grid.boundingBox())!
  const column = gridBox.width / 12
  // gridstack sets up an item's handles when the pointer first comes over it.
  await designer.card('notes').hover()
  const handle = page.locator('.grid-stack-item:has([data-module-key="notes"]) > .ui-resizable-se')
  const handleBox = (await handle.boundingBox())!
  const start = { x: handleBox.x + handleBox.width / 2, y: handleBox.y + handleBox.height / 2 }
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(start.x + column, start.y, { steps: 5 })
  await page.mouse.move(start.x + column * 2, start.y, { steps: 5 })
  await page.mouse.up()
  await designer.expectAnnounced('Notes resized to 6 columns by 5 rows')
  await expect(designer.place('notes')).toHaveText('column 1, row 1, 6 columns wide, 5 rows tall')
  await designer.card('notes').hover()
  const again = (await handle.boundingBox())!
  await page.mouse.move(again.x + again.width / 2, again.y + again.height / 2)
  await page.mouse.down()
  await page.mouse.move(again.x - column * 3, again.y, { steps: 5 })
  await page.mouse.move(gridBox.x + 5, again.y, { steps: 5 })
  await page.mouse.up()
  await expect(designer.place('notes')).toHaveText('column 1, row 1, 3 columns wide, 5 rows tall')

  await designer.action('Undo').click()
  await expect(designer.place('notes')).toHaveText('column 1, row 1, 6 columns wide, 5 rows tall')

  // Drag from the palette onto the tablet grid: Collection overview lands where it is dropped, beside Notes.
  await designer.layout('Tablet').click()
  await expect(designer.grid).toHaveAccessibleName('Tablet layout, 8 columns')
  // Notes is narrower there: its desktop width scaled to 8 columns, held at its minWidth (3).
  await expect(designer.place('notes')).toHaveText('column 1, row 1, 3 columns wide, 5 rows tall')
  await designer.dragPaletteEntry('Collection overview', 5, 1)
  await designer.expectAnnounced('Collection overview added at column 5, row 1')
  await expect(designer.place('CollectionOverview-1')).toHaveText(
    'column 5, row 1, 4 columns wide, 5 rows tall',
  )
  // Move Notes by its handle, six rows down.
  await designer.dragModule('notes', 0, 6)
  await designer.expectAnnounced('Notes moved to column 1, row 7')
  await expect(designer.place('notes')).toHaveText('column 1, row 7, 3 columns wide, 5 rows tall')
  await designer.action('Undo').click()
  await expect(designer.place('notes')).toHaveText('column 1, row 1, 3 columns wide, 5 rows tall')
  await designer.action('Redo').click()
  await expect(designer.place('notes')).toHaveText('column 1, row 7, 3 columns wide, 5 rows tall')
  // Saved as placed, at the tablet layout only.
  await designer.action('Save').click()
  await designer.expectAnnounced('Page saved')
  const stored = await readPage(page, pageId)
  const tablet = stored.content.layouts.tablet ?? []
  expect(tablet.find((item) => item.i === 'CollectionOverview-1')).toMatchObject({ x: 4, y: 0, w: 4, h: 5 })
  expect(tablet.find((item) => item.i === 'notes')).toMatchObject({ x: 0, y: 6 })
  expect(stored.content.layouts.desktop?.find((item) => item.i === 'notes')).toMatchObject({
    x: 0,
    y: 0,
    w: 6,
  })

  await designer.layout('Desktop').click()
  await expectAccessible(page, 'the page designer, dark, at 1280 px')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectAccessible(page, 'the page designer, dark, at 390 px')

  // The backups dialog, dark, at 390 px: the one backup the person took, with both modules.
  await designer.action('Back up').click()
  await designer.expectAnnounced('Saved page backed up')
  await designer.action('Backups').click()
  await expect(designer.backupRows('Backup')).toHaveCount(1)
  await expect(designer.backupRows('Backup')).toContainText('2 modules')
  await expectAccessible(page, 'the backups dialog, dark, at 390 px')
  await designer.backups.getByRole('button', { name: 'Close' }).click()
  await expect(designer.backups).toHaveCount(0)
  await expect(designer.action('Backups')).toBeFocused()
})
