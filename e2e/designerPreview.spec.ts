import { expect, test, type Page } from './support/test'
import { DesignerPage } from './pages/DesignerPage'
import { expectAccessible } from './support/expectAccessible'
import { openBoardWithNotesAndCollections } from './support/openBoardWithNotesAndCollections'
import { samplePluginZips } from './support/samplePluginZips'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// The designer's canvas shows what each module is (a preview card: icon, full name, what it does, its
// settings), and its toolbar has one primary action, every action reachable by keyboard.
let zips: Record<string, Buffer> = {}

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  zips = await samplePluginZips('QuireNotes', 'QuireCollections')
})

/** Whether the element's text is cut (wider or taller than the box that shows it). */
const isCut = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((elements) =>
      elements
        .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
        .map((e) => e.textContent),
    )

test('the designer previews each module with its full name and settings; one primary action; every action by keyboard; light and dark, 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(150_000))
  const board = await openBoardWithNotesAndCollections(page, zips, 'light')
  const pageId = await board.create('Preview board', 'preview-board', [
    {
      i: 'notes',
      pluginId: 'QuireNotes',
      moduleId: 'Notes',
      x: 0,
      y: 0,
      w: 4,
      h: 5,
      config: { title: 'Trip notes' },
    },
    { i: 'overview', pluginId: 'QuireCollections', moduleId: 'CollectionOverview', x: 4, y: 0, w: 3, h: 4 },
    { i: 'chat', pluginId: 'quire', moduleId: 'Chat', x: 7, y: 0, w: 5, h: 8 },
  ])
  const designer = new DesignerPage(page)
  await designer.open(pageId, 'Preview board')

  // Each card previews its module: what it does and its settings as the page will use them.
  const notes = designer.card('notes').getByTestId('designer-module-preview')
  await expect(notes).toContainText('Write short notes that are kept on every device.')
  await expect(notes.getByRole('list', { name: 'Notes settings' })).toContainText('Title: Trip notes')
  await expect(notes).toContainText('Quire Notes')
  const chat = designer.card('chat').getByTestId('designer-module-preview')
  await expect(chat).toContainText('Ask a collection questions; answers cite the passages they come from.')
  await expect(chat.getByRole('list', { name: 'Chat settings' })).toContainText('Collection: ')
  await expect(designer.card('overview').getByTestId('designer-module-preview')).not.toBeEmpty()
  // No grey placeholder: the card shows the module's icon tile.
  await expect(designer.card('chat').locator('.designer-module-icon')).toHaveAttribute('data-icon', 'chat')
  await expect(designer.card('notes').locator('.designer-module-icon')).toHaveAttribute('data-icon', 'note')

  // Applying a setting shows on the card at once.
  await designer.moduleButton('notes').click()
  const settings = designer.settings('Notes')
  await settings.getByRole('textbox', { name: 'Title' }).fill('Harbour notes')
  await settings.getByRole('button', { name: 'Apply settings' }).click()
  await expect(notes).toContainText('Title: Harbour notes')

  // Names are never cut: the accessible name is the whole name, and the text fits its box.
  await expect(designer.moduleButton('overview')).toHaveAccessibleName('Collection overview')
  expect(await isCut(page, '.designer-module-select')).toEqual([])

  // One primary action (Save); every other action looks secondary.
  const toolbar = page.getByRole('toolbar', { name: 'Page actions' })
  const looks = await toolbar
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((b) => ({ name: b.textContent?.trim(), background: getComputedStyle(b).backgroundColor })),
    )
  const save = looks.find((look) => look.name === 'Save')!
  expect(looks.filter((look) => look.background === save.background).map((look) => look.name)).toEqual([
    'Save',
  ])
  expect(looks.map((look) => look.name)).toEqual([
    'Undo',
    'Redo',
    'Preview',
    'Back up',
    'Backups',
    'Publish',
    'Save',
  ])

  // Every enabled action by keyboard, in order (Redo is disabled: nothing undone yet).
  await designer.action('Undo').focus()
  const reached: string[] = []
  for (let n = 0; n < 6; n++) {
    reached.push((await page.evaluate(() => document.activeElement?.textContent?.trim())) ?? '')
    await page.keyboard.press('Tab')
  }
  expect(reached).toEqual(['Undo', 'Preview', 'Back up', 'Backups', 'Publish', 'Save'])
  // Ctrl+S and Enter on Save both save; Save is then disabled again.
  await designer.action('Save').focus()
  await page.keyboard.press('Enter')
  await designer.expectAnnounced('Page saved')
  await expect(designer.action('Save')).toBeDisabled()

  await expectAccessible(page, 'the designer with module previews, light')
  await page.screenshot({ path: 'e2e/output/screens/designer-1280-light.png', fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectAccessible(page, 'the designer with module previews, dark')
  await page.screenshot({ path: 'e2e/output/screens/designer-1280-dark.png', fullPage: true })

  // A phone: the phone layout's narrow cards still show every name whole.
  await page.setViewportSize({ width: 390, height: 844 })
  await designer.layout('Phone').click()
  await expect(designer.card('overview')).toBeVisible()
  expect(await isCut(page, '.designer-module-select')).toEqual([])
  await expectAccessible(page, 'the designer at 390 px, dark')
  await page.screenshot({ path: 'e2e/output/screens/designer-390-dark.png', fullPage: true })
  await page.emulateMedia({ colorScheme: 'light' })
  await expectAccessible(page, 'the designer at 390 px, light')
  await page.screenshot({ path: 'e2e/output/screens/designer-390-light.png', fullPage: true })
})
