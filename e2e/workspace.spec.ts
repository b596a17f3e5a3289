import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from './support/test'
import { buildSamplePlugins } from '../scripts/buildSamplePlugins.mjs'
import { AccountPage } from './pages/AccountPage'
import { DesignerPage } from './pages/DesignerPage'
import { NavigationPanel } from './pages/NavigationPanel'
import { PagesScreen } from './pages/PagesScreen'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { WorkspaceFlow } from './pages/WorkspaceFlow'
import { expectAccessibleInBothThemes } from './support/expectAccessible'
import { api, newPerson, openDevice, syncServer } from './support/syncDevices'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { HARBOUR_NOTES } from './support/seedNotesCollection'

// Issue 17's whole flow, as a person does it, on the deployment people run (`npm start`: the app served
// by the sync server, the app's /api and the server on one origin): sign up, install two sample plugins
// from the server's marketplace, build a page in the designer from the built-in chat and plugin modules,
// publish it, find it in the navigation, ask the chat, open it offline, and see it on a second device.

const PAGE = 'Harbour workspace'
const ROUTE = /\/p\/dashboard\/harbour-workspace$/
/** The modules the page ends with, by layout key: the designer names them `<module>-<n>`. */
const MODULES = ['Notes-1', 'CollectionOverview-1', 'Chat-1', 'Search-1']

let dir = ''
let markdown = ''

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  // The server's marketplace catalog is dist-plugins/ (read when asked): the samples are built there.
  await buildSamplePlugins()
  dir = await mkdtemp(path.join(tmpdir(), 'quire-e2e-workspace-'))
  markdown = path.join(dir, 'harbour.md')
  await writeFile(markdown, HARBOUR_NOTES)
})

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** The names of the device's published pages, as its in-browser API lists them. */
async function publishedPageNames(page: Page): Promise<string[]> {
  const answer = await api<{ pages?: Array<{ name: string }> }>(page, '/api/v1/pages?published_only=true')
  return (answer.pages ?? []).map((p) => p.name)
}

/**
 * The whole page into e2e/output/screens/<name>.png, taken with the window as tall as the page rather
 * than with `fullPage`: Chromium's full-page capture lays the modules' sandboxed frames out again at a
 * width of a few pixels, so their content came out squeezed (or blank) though it rendered well.
 */
async function screenshot(page: Page, name: string, ready = async () => {}): Promise<void> {
  const viewport = page.viewportSize()!
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) })
  await page.evaluate(() => window.scrollTo(0, 0))
  await ready()
  await page.screenshot({ path: `e2e/output/screens/${name}.png` })
  await page.setViewportSize(viewport)
}

/** axe in both themes at the current viewport. */
test('a person builds a workspace page from the built-in chat and plugin modules, publishes it, finds it in the navigation, uses it offline and on a second device', async ({
  browser,
}) => {
  test.setTimeout(scaledTimeout(420_000))
  const person = newPerson()
  const laptop = await openDevice(browser, syncServer)
  await laptop.setViewportSize({ width: 1280, height: 900 })
  await laptop.emulateMedia({ colorScheme: 'light' })
  const flow = new WorkspaceFlow(laptop)
  const account = new AccountPage(laptop)
  let renderedKeys: string[] = []

  await test.step('sign up on the sync server', async () => {
    await account.open()
    await account.signUp({ server: syncServer, ...person, fullName: 'Wren Harbour' })
    await expect(account.signedInAs('Wren Harbour')).toBeVisible()
  })

  await test.step('a collection with an uploaded Markdown document', async () => {
    await flow.collectionWithDocument('Harbour', markdown)
  })

  await test.step('two sample plugins from the server’s marketplace', async () => {
    await flow.installFromMarketplace('Quire Notes')
    await flow.installFromMarketplace('Quire Collections')
  })

  const screen = new PagesScreen(laptop)
  const designer = new DesignerPage(laptop)
  await test.step('a new page at the top of Your pages (the seeded dashboard route), opened in the designer', async () => {
    await screen.open()
    await expect(await screen.create(PAGE, { parent: 'Your pages (/dashboard)' })).toBeHidden()
    await expect(screen.route(PAGE)).toHaveText('/dashboard/harbour-workspace')
    await screen.designLink(PAGE).click()
    await expect(laptop.getByRole('heading', { name: `Design ${PAGE}`, level: 1 })).toBeVisible()
  })

  await test.step('two plugin modules and the built-in chat, the chat beside Notes', async () => {
    await designer.addButton('Notes').click()
    await designer.expectAnnounced('Notes added at column 1, row 1')
    await designer.addButton('Collection overview').click()
    await designer.expectAnnounced('Collection overview added at column 1, row 6')
    await designer.addButton('Chat').click()
    await designer.expectAnnounced('Chat added at column 1, row 11')
    await expect(designer.moduleButton('Chat-1')).toBeFocused()
    for (let n = 0; n < 4; n++) await laptop.keyboard.press('ArrowRight')
    for (let n = 0; n < 10; n++) await laptop.keyboard.press('ArrowUp')
    await expect(designer.place('Chat-1')).toHaveText('column 5, row 1, 6 columns wide, 8 rows tall')
  })

  await test.step('configured through their generated forms: the chat’s collection, Notes’ title', async () => {
    await designer.moduleButton('Chat-1').click()
    const chat = designer.settings('Chat')
    // Its collection from a list of the person's collections, by name.
    await chat.getByRole('combobox', { name: 'Collection' }).selectOption({ label: 'Harbour' })
    await chat.getByRole('button', { name: 'Apply settings' }).click()
    await designer.expectAnnounced('Chat settings applied')

    await designer.moduleButton('Notes-1').click()
    const notes = designer.settings('Notes')
    const title = notes.getByRole('textbox', { name: 'Title' })
    await expect(title).toHaveValue('Notes')
    // The manifest's maxLength (60) is checked before anything is applied.
    await title.fill('x'.repeat(61))
    await notes.getByRole('button', { name: 'Apply settings' }).click()
    await expect(notes.getByText('At most 60 characters')).toBeVisible()
    await expect(title).toHaveAttribute('aria-invalid', 'true')
    await title.fill('Harbour notes')
    await notes.getByRole('button', { name: 'Apply settings' }).click()
    await designer.expectAnnounced('Notes settings applied')
  })

  await test.step('Notes resized at the tablet layout only', async () => {
    await designer.layout('Tablet').click()
    await expect(designer.grid).toHaveAccessibleName('Tablet layout, 8 columns')
    await designer.moduleButton('Notes-1').focus()
    await laptop.keyboard.press('Shift+ArrowRight')
    await laptop.keyboard.press('Shift+ArrowRight')
    await designer.expectAnnounced('Notes resized to 6 columns by 5 rows')
    await expect(designer.place('Notes-1')).toHaveText('column 1, row 1, 6 columns wide, 5 rows tall')
    await designer.layout('Desktop').click()
    await expect(designer.place('Notes-1')).toHaveText('column 1, row 1, 4 columns wide, 5 rows tall')
  })

  await test.step('keyboard only: the built-in Search added from the palette and moved', async () => {
    await designer.search.focus()
    await laptop.keyboard.type('search')
    await flow.tabTo(designer.addButton('Search'))
    await laptop.keyboard.press('Enter')
    await designer.expectAnnounced('Search added at column 1, row 11')
    await expect(designer.moduleButton('Search-1')).toBeFocused()
    for (let n = 0; n < 4; n++) await laptop.keyboard.press('ArrowRight')
    await designer.expectAnnounced('Search moved to column 5, row 11')
    // Up beside the overview, under the chat: nothing in its way.
    await laptop.keyboard.press('ArrowUp')
    await designer.expectAnnounced('Search moved to column 5, row 10')
    await expect(designer.place('Search-1')).toHaveText('column 5, row 10, 6 columns wide, 6 rows tall')
  })

  await test.step('saved and published', async () => {
    await designer.action('Save').click()
    await designer.expectAnnounced('Page saved')
    await expect(designer.action('Save')).toBeDisabled()
    await designer.action('Publish').click()
    await designer.expectAnnounced('Page published')
    await expect(designer.action('Unpublish')).toBeVisible()
  })

  await test.step('the designer: accessible at 1280 and 390 px in both themes; screenshots', async () => {
    await expectAccessibleInBothThemes(laptop, 'the workspace designer at 1280 px')
    await screenshot(laptop, 'workspace-designer-1280')
    await laptop.setViewportSize({ width: 390, height: 844 })
    await designer.layout('Phone').click()
    await expect(designer.grid).toHaveAccessibleName('Phone layout, 4 columns')
    await expectAccessibleInBothThemes(laptop, 'the workspace designer at 390 px')
    await screenshot(laptop, 'workspace-designer-390')
    await laptop.setViewportSize({ width: 1280, height: 900 })
  })

  const nav = new NavigationPanel(laptop)
  const board = new PluginBoardPage(laptop)
  /** The plugin modules' own content, drawn inside their frames. */
  const expectPluginContent = async () => {
    await expect(board.module('Notes-1').getByRole('heading', { name: 'Harbour notes' })).toBeVisible()
    await expect(
      board.module('CollectionOverview-1').getByRole('heading', { name: 'Collections' }),
    ).toBeVisible()
  }
  await test.step('found in the app’s navigation under its route, and opened from there', async () => {
    // The navigation reads its tree again on each in-app navigation: the Pages screen is one.
    await screen.open()
    await expect(nav.link(PAGE)).toHaveAttribute('href', '/p/dashboard/harbour-workspace')
    await nav.link(PAGE).click()
    await expect(laptop).toHaveURL(ROUTE)
    await expect(board.heading(PAGE)).toBeVisible()
    for (const key of MODULES) await expect(board.cell(key)).toHaveAttribute('data-state', 'ready')
    await expectPluginContent()
    await expect(board.cell('Chat-1').locator('iframe')).toHaveCount(0)
    await expect(board.cell('Search-1').getByRole('searchbox').first()).toBeVisible()
    renderedKeys = await flow.moduleKeys()
    expect([...renderedKeys].sort()).toEqual([...MODULES].sort())
  })

  await test.step('the tablet layout as designed: Notes 6 columns wide there', async () => {
    // The grid picks its layout by its own width: at 1280 px, beside the navigation, the tablet's.
    await expect(flow.publishedPage).toHaveAttribute('data-breakpoint', 'tablet')
    await expect.poll(() => flow.gridColumn('Notes-1')).toBe('1 / span 6')
  })

  await test.step('on a wide screen, the desktop layout of 12 columns', async () => {
    // The app's reading width must not cap the grid below its 1200 px desktop breakpoint.
    await laptop.setViewportSize({ width: 1680, height: 900 })
    await expect(flow.publishedPage).toHaveAttribute('data-breakpoint', 'desktop')
    await laptop.setViewportSize({ width: 1280, height: 900 })
    await expect(flow.publishedPage).toHaveAttribute('data-breakpoint', 'tablet')
  })

  await test.step('the chat answers with a cited passage from the uploaded document', async () => {
    const chat = board.cell('Chat-1')
    await expect(chat.getByRole('heading', { name: 'Page chat: Harbour', level: 2 })).toBeVisible()
    const question = chat.getByRole('textbox', { name: 'Your question' })
    await question.fill('Where did the oystercatchers nest?')
    await question.press('Enter')
    const thread = chat.getByRole('log', { name: 'Messages' })
    await expect(thread.locator('.chat-message-assistant').last()).toContainText('oystercatchers', {
      timeout: scaledTimeout(30_000),
    })
    await thread.getByRole('button', { name: 'Source 1', exact: true }).first().click()
    const source = chat.getByRole('complementary', { name: /^Source \d+$/ })
    await expect(source).toContainText('harbour.md')
    await expect(source).toContainText('oystercatchers nested above the high-water line')
    await source.getByRole('heading', { name: /^Source \d+$/ }).press('Escape')
    await expect(source).toBeHidden()
  })

  await test.step('the published page: accessible at 1280 and 390 px in both themes; screenshots', async () => {
    await screenshot(laptop, 'published-page-1280', expectPluginContent)
    await expectAccessibleInBothThemes(laptop, 'the published workspace page at 1280 px')
    await laptop.setViewportSize({ width: 390, height: 844 })
    await expect(flow.publishedPage).toHaveAttribute('data-breakpoint', 'mobile')
    for (const key of MODULES) await expect(board.cell(key)).toHaveAttribute('data-state', 'ready')
    await screenshot(laptop, 'published-page-390', expectPluginContent)
    await expectAccessibleInBothThemes(laptop, 'the published workspace page at 390 px')
    await laptop.setViewportSize({ width: 1280, height: 900 })
  })

  await test.step('offline, reloaded: the page still renders with its modules', async () => {
    // Everything this device wrote has reached the server first (the second device reads it there).
    await expect(account.syncIndicator).toHaveText(/Synced$/, { timeout: scaledTimeout(60_000) })
    await goOffline(laptop)
    await laptop.reload()
    await expect(board.heading(PAGE)).toBeVisible()
    for (const key of MODULES) {
      await expect(board.cell(key)).toHaveAttribute('data-state', 'ready', { timeout: scaledTimeout(30_000) })
    }
    await expect(board.module('Notes-1').getByRole('heading', { name: 'Harbour notes' })).toBeVisible()
    await expect(board.cell('Chat-1').getByRole('log', { name: 'Messages' })).toContainText(
      'Where did the oystercatchers nest?',
    )
    await expect(nav.link(PAGE)).toHaveAttribute('aria-current', 'page')
  })

  await test.step('a second device signed in to the account shows the same page in its navigation, same modules', async () => {
    const phone = await openDevice(browser, syncServer)
    await phone.setViewportSize({ width: 1280, height: 900 })
    const phoneAccount = new AccountPage(phone)
    await phoneAccount.open()
    await phoneAccount.signIn({ server: syncServer, email: person.email, password: person.password })
    await expect(phoneAccount.signedInAs('Wren Harbour')).toBeVisible()
    const phoneNav = new NavigationPanel(phone)
    // The page arrives by sync; the navigation reads its tree when the app loads and on each in-app
    // navigation to another screen.
    await expect
      .poll(async () => (await publishedPageNames(phone)).includes(PAGE), { timeout: scaledTimeout(90_000) })
      .toBe(true)
    await new PagesScreen(phone).open()
    await expect(phoneNav.link(PAGE)).toHaveAttribute('href', '/p/dashboard/harbour-workspace')
    await phoneNav.link(PAGE).click()
    await expect(phone).toHaveURL(ROUTE)
    const phoneBoard = new PluginBoardPage(phone)
    await expect(phoneBoard.heading(PAGE)).toBeVisible()
    for (const key of MODULES) {
      await expect(phoneBoard.cell(key)).toHaveAttribute('data-state', 'ready', {
        timeout: scaledTimeout(60_000),
      })
    }
    expect(await new WorkspaceFlow(phone).moduleKeys()).toEqual(renderedKeys)
    await expect(phoneBoard.module('Notes-1').getByRole('heading', { name: 'Harbour notes' })).toBeVisible({
      timeout: scaledTimeout(30_000),
    })
    // The chat's collection came along by sync: the built-in chat opens on it.
    await expect(
      phoneBoard.cell('Chat-1').getByRole('heading', { name: 'Page chat: Harbour', level: 2 }),
    ).toBeVisible({ timeout: scaledTimeout(60_000) })
    await phone.context().close()
  })

  await laptop.context().close()
})
