import { expect, test, type Page } from './support/test'
import { AccountPage } from './pages/AccountPage'
import { DesignerPage } from './pages/DesignerPage'
import { NavigationPanel } from './pages/NavigationPanel'
import { PagesScreen } from './pages/PagesScreen'
import { apiJson } from './support/apiJson'
import { expectAccessibleInBothThemes } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { newPerson, openDevice, syncServer } from './support/syncDevices'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

/** The navigation tree as the API answers it, as `name > child` paths, and the node by name. */
const readTree = (page: Page) => new NavigationPanel(page).readTree()

/**
 * Every write the page sends to the navigation routes endpoints, as `METHOD path` with its body. The page's
 * own requests reach the API worker without a network request (`directApiFetch`), so they are recorded
 * from the page's `fetch`, wrapped once the app has started (outside the app's own wrappers).
 */
async function recordRouteWrites(page: Page): Promise<Array<{ call: string; body: unknown }>> {
  const writes: Array<{ call: string; body: unknown }> = []
  await page.exposeFunction('quireRecordRouteWrite', (call: string, body: unknown) =>
    writes.push({ call, body }),
  )
  await page.evaluate(() => {
    const record = (window as unknown as { quireRecordRouteWrite: (call: string, body: unknown) => void })
      .quireRecordRouteWrite
    const inner = window.fetch
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href)
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
      if (method !== 'GET' && url.pathname.startsWith('/api/v1/navigation-routes'))
        record(
          `${method} ${url.pathname}`,
          typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        )
      return inner(input, init)
    }
  })
  return writes
}

test('the seeded routes show, mapped to Quire screens; a person’s route is created, moved by keyboard, folded and still folded after reload, and deleted', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  const nav = new NavigationPanel(page)

  // One navigation: the seeded routes are Quire's own screens, named for Quire. "Your BrainDrive" is no entry,
  // Settings is listed once and "Plugin Manager" is the Plugins screen; Personas has no Quire screen and no
  // default page, so it is not shown.
  await expect(nav.root.getByText('Your BrainDrive')).toHaveCount(0)
  await expect(nav.root.getByRole('link', { name: 'Settings' })).toHaveCount(1)
  await expect(nav.link('Settings')).toHaveAttribute('href', '/settings')
  await expect(nav.link('Plugins')).toHaveAttribute('href', '/plugins')
  await expect(nav.root.getByText('Plugin Manager')).toHaveCount(0)
  await expect(nav.root.getByText('Personas')).toHaveCount(0)
  await nav.link('Plugins').click()
  await expect(page).toHaveURL(/\/plugins$/)
  await expect(page.getByRole('heading', { name: 'Plugins', level: 1 })).toBeVisible()
  // The API still answers BrainDrive's seeded routes as its clients expect them.
  expect((await readTree(page)).paths.slice(0, 5)).toEqual([
    'Your BrainDrive',
    'Your BrainDrive > Settings',
    'Your BrainDrive > Personas',
    'Your BrainDrive > Plugin Manager',
    'Your BrainDrive > Page Builder',
  ])

  await nav.startEditing()
  // Every route is listed in edit mode, system ones without a delete button.
  await expect(nav.action('Move Personas up')).toBeVisible()
  await expect(nav.action('Delete Settings')).toHaveCount(0)
  await nav.createRoute('Projects', 'projects')
  await nav.createRoute('Archive', 'archive')
  expect((await readTree(page)).paths.slice(-2)).toEqual(['Projects', 'Archive'])

  await nav.pressAction('Indent Archive')
  await expect(nav.status).toHaveText('Moved Archive under Projects, position 1')
  await expect(nav.action('Outdent Archive')).toBeEnabled()
  await nav.pressAction('Move Projects up')
  await expect(nav.status).toHaveText('Moved Projects to the top level, position 1')
  // Focus stays on the moved route's buttons, so a keyboard user can keep moving it.
  await expect(page.locator(':focus')).toHaveAccessibleName(/Projects/)
  let tree = await readTree(page)
  expect(tree.paths.filter((path) => /Projects|Archive/.test(path))).toEqual([
    'Projects',
    'Projects > Archive',
  ])
  expect(tree.paths[0]).toBe('Projects')
  await nav.stopEditing()

  // Projects has no page, so it shows as a label with its child; folding it is saved.
  await expect(nav.root.getByText('Archive', { exact: true })).toBeVisible()
  await nav.toggle('Projects').click()
  await expect(nav.toggle('Projects')).toHaveAttribute('aria-expanded', 'false')
  await expect(nav.root.getByText('Archive', { exact: true })).toHaveCount(0)
  await expect.poll(async () => (await readTree(page)).byName.get('Projects')?.is_expanded).toBe(false)
  await page.reload()
  await expect(nav.toggle('Projects')).toHaveAttribute('aria-expanded', 'false')
  await expect(nav.root.getByText('Archive', { exact: true })).toHaveCount(0)

  // A route with children cannot be deleted (409, shown in the dialog); its child can.
  await nav.startEditing()
  await nav.action('Delete Projects').click()
  const confirm = page.getByRole('dialog', { name: 'Delete the route “Projects”?' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm.getByRole('alert')).toContainText('child route')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await nav.action('Delete Archive').click()
  await page
    .getByRole('dialog', { name: 'Delete the route “Archive”?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(nav.status).toHaveText('Deleted route Archive')
  tree = await readTree(page)
  expect(tree.byName.has('Archive')).toBe(false)
  expect(tree.byName.has('Projects')).toBe(true)
})

test('drag and drop: before and after a route (same parent) and onto it (under it), the target shown while dragging; one batch-update; Undo', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 1300 })
  await openApp(page, '/collections')
  const nav = new NavigationPanel(page)
  await nav.startEditing()
  await nav.createRoute('Reading', 'reading')
  await nav.createRoute('Papers', 'papers')
  await nav.createRoute('Notes', 'notes')
  const writes = await recordRouteWrites(page)

  // By mouse, in several steps: Notes held over the top edge of Reading shows where it would go.
  const from = await nav.row('Notes').boundingBox()
  if (!from) throw new Error('rows not laid out')
  await page.mouse.move(from.x + 20, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + 25, from.y + from.height / 2 - 10, { steps: 4 })
  await expect(nav.root.getByText('Drag Notes before, after or onto another route')).toBeVisible()
  const to = await nav.row('Reading').boundingBox()
  if (!to) throw new Error('rows not laid out')
  await page.mouse.move(to.x + 20, to.y + 2, { steps: 8 })
  await expect(nav.dropHint()).toHaveText('Drop to put Notes before Reading')
  await expect(nav.row('Reading')).toHaveClass(/drop-before/)
  await page.mouse.move(to.x + 20, to.y + to.height / 2, { steps: 4 })
  await expect(nav.dropHint()).toHaveText('Drop to put Notes under Reading')
  await expect(nav.row('Reading')).toHaveClass(/drop-inside/)
  await page.mouse.move(to.x + 20, to.y + 2, { steps: 4 })
  await page.mouse.up()
  await expect(nav.status).toHaveText('Moved Notes to the top level, position 2')
  await expect(nav.row('Reading')).not.toHaveClass(/drop-/)
  expect((await readTree(page)).paths).toEqual([
    'Your BrainDrive',
    'Your BrainDrive > Settings',
    'Your BrainDrive > Personas',
    'Your BrainDrive > Plugin Manager',
    'Your BrainDrive > Page Builder',
    'Notes',
    'Reading',
    'Papers',
  ])
  // One request with every route whose place changed (Notes, Reading and Papers renumbered), no moves.
  expect(writes.map((write) => write.call)).toEqual(['POST /api/v1/navigation-routes/batch-update'])
  const { byName } = await readTree(page)
  expect(writes[0]?.body).toEqual([
    { id: byName.get('Notes')?.id, parent_id: null, display_order: 1 },
    { id: byName.get('Reading')?.id, parent_id: null, display_order: 2 },
    { id: byName.get('Papers')?.id, parent_id: null, display_order: 3 },
  ])

  // Undo puts all three back, in one batch-update too.
  await nav.undo.click()
  await expect(nav.status).toHaveText('Undone: Moved Notes to the top level, position 2')
  expect((await readTree(page)).paths.slice(-3)).toEqual(['Reading', 'Papers', 'Notes'])
  expect(writes.map((write) => write.call)).toEqual([
    'POST /api/v1/navigation-routes/batch-update',
    'POST /api/v1/navigation-routes/batch-update',
  ])

  // Playwright's dragTo fires the same HTML5 drag events: onto the middle of Reading, then after Papers.
  await nav.row('Papers').dragTo(nav.row('Reading'))
  await expect(nav.status).toHaveText('Moved Papers under Reading, position 1')
  const papers = await nav.row('Papers').boundingBox()
  await nav
    .row('Notes')
    .dragTo(nav.row('Papers'), { targetPosition: { x: 20, y: (papers?.height ?? 36) - 2 } })
  await expect(nav.status).toHaveText('Moved Notes under Reading, position 2')
  expect((await readTree(page)).paths.slice(-3)).toEqual(['Reading', 'Reading > Papers', 'Reading > Notes'])
  // Onto its own descendant: refused without a request.
  const before = writes.length
  await nav.row('Reading').dragTo(nav.row('Papers'))
  await expect(nav.status).toHaveText('Moved Notes under Reading, position 2')
  expect(writes.length).toBe(before)
  // The keyboard moves are batch-updates too.
  await nav.pressAction('Move Notes up')
  await expect(nav.status).toHaveText('Moved Notes under Reading, position 1')
  expect(writes.at(-1)?.call).toBe('POST /api/v1/navigation-routes/batch-update')
  expect(writes.some((write) => write.call.endsWith('/move'))).toBe(false)
})

test('a published page shows under its navigation route and opens at /p/<route>; a draft does not show', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  await page.evaluate(async () => {
    const json = async (path: string, method: string, body: unknown) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
      return (await response.json()) as { id: string }
    }
    const route = await json('/api/v1/navigation-routes', 'POST', { name: 'Boards', route: 'boards' })
    const weekly = await json('/api/v1/pages', 'POST', {
      name: 'Weekly board',
      route: 'weekly-board',
      navigation_route_id: route.id,
    })
    await json(`/api/v1/pages/${weekly.id}/publish`, 'POST', { publish: true })
    await json('/api/v1/pages', 'POST', {
      name: 'Draft board',
      route: 'draft-board',
      navigation_route_id: route.id,
    })
  })
  await page.reload()
  const nav = new NavigationPanel(page)
  await expect(nav.toggle('Boards')).toHaveAttribute('aria-expanded', 'true')
  await expect(nav.link('Weekly board')).toHaveAttribute('href', '/p/weekly-board')
  await expect(nav.root.getByText('Draft board')).toHaveCount(0)
  await nav.link('Weekly board').click()
  await expect(page).toHaveURL(/\/p\/weekly-board$/)
  await expect(nav.link('Weekly board')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0)
})

test('pages under a parent page nest under it, to any depth, fold and unfold; folding a route is saved', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  const route = await apiJson(page, '/api/v1/navigation-routes', 'POST', { name: 'Boards', route: 'boards' })
  const publish = async (body: Record<string, unknown>) => {
    const made = await apiJson(page, '/api/v1/pages', 'POST', body)
    await apiJson(page, `/api/v1/pages/${made.id}/publish`, 'POST', { publish: true })
  }
  await publish({ name: 'Weekly', route: 'weekly', navigation_route_id: route.id, is_parent_page: true })
  await publish({ name: 'Monday', route: '/weekly/monday', parent_route: '/weekly', parent_type: 'page' })
  // BrainDrive's form: the parent page named by parent_route alone, routes without a leading slash.
  await publish({ name: 'Standup notes', route: 'weekly/monday/standup', parent_route: 'weekly/monday' })
  await page.reload()
  const nav = new NavigationPanel(page)
  // The list item of a parent (route or page), by its fold button: the innermost one holding it.
  const item = (name: string) =>
    nav.root
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: `Items under ${name}`, exact: true }) })
      .last()
  await expect(item('Weekly').getByRole('link', { name: 'Monday', exact: true })).toBeVisible()
  await expect(item('Monday').getByRole('link', { name: 'Standup notes' })).toHaveAttribute(
    'href',
    '/p/weekly/monday/standup',
  )
  await expect(item('Boards').getByRole('link', { name: 'Standup notes' })).toBeVisible()

  // By keyboard: the fold button pressed keeps focus, for a page's fold (kept on this device) as for a
  // route's (saved through the API, the navigation read again).
  await nav.toggle('Weekly').focus()
  await page.keyboard.press('Enter')
  await expect(nav.toggle('Weekly')).toHaveAttribute('aria-expanded', 'false')
  await expect(nav.link('Monday')).toHaveCount(0)
  await expect(nav.toggle('Weekly')).toBeFocused()
  await page.reload()
  await expect(nav.toggle('Weekly')).toHaveAttribute('aria-expanded', 'false')
  await nav.toggle('Weekly').click()
  await expect(nav.link('Standup notes')).toBeVisible()

  const writes = await recordRouteWrites(page)
  await nav.toggle('Boards').focus()
  await page.keyboard.press('Space')
  await expect(nav.toggle('Boards')).toHaveAttribute('aria-expanded', 'false')
  await expect(nav.link('Weekly')).toHaveCount(0)
  await expect(nav.toggle('Boards')).toBeFocused()
  expect(writes).toEqual([
    { call: `PUT /api/v1/navigation-routes/${route.id}`, body: { is_expanded: false } },
  ])
  expect((await readTree(page)).byName.get('Boards')?.is_expanded).toBe(false)
  await nav.toggle('Boards').click()
  await expect(nav.link('Standup notes')).toBeVisible()
  expect(writes).toHaveLength(2)
})

test('the navigation follows at once a page published, renamed, unpublished or deleted on the Pages screen or in the designer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  const route = await apiJson(page, '/api/v1/navigation-routes', 'POST', { name: 'Live', route: 'live' })
  await apiJson(page, '/api/v1/pages', 'POST', {
    name: 'Live board',
    route: 'live-board',
    navigation_route_id: route.id,
  })
  const drawn = await apiJson(page, '/api/v1/pages', 'POST', {
    name: 'Drawn board',
    route: 'drawn-board',
    navigation_route_id: route.id,
  })
  const nav = new NavigationPanel(page)
  const screen = new PagesScreen(page)
  await screen.open()
  await expect(nav.link('Live board')).toHaveCount(0)

  await screen.switch('Live board', 'Published').check()
  await expect(nav.link('Live board')).toHaveAttribute('href', '/p/live-board')
  await screen.button('Rename', 'Live board').click()
  const rename = screen.dialog('Rename Live board')
  await rename.getByLabel('Name').fill('Live wall')
  await rename.getByRole('button', { name: 'Rename' }).click()
  await expect(nav.link('Live wall')).toBeVisible()
  await expect(nav.link('Live board')).toHaveCount(0)
  await screen.switch('Live wall', 'Published').uncheck()
  await expect(nav.link('Live wall')).toHaveCount(0)
  await screen.switch('Live wall', 'Published').check()
  await expect(nav.link('Live wall')).toBeVisible()
  await screen.button('Delete', 'Live wall').click()
  await page
    .getByRole('dialog', { name: /Delete/ })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(nav.link('Live wall')).toHaveCount(0)
  await expect(page).toHaveURL(/\/pages$/)

  // The designer's Publish.
  const designer = new DesignerPage(page)
  await designer.open(drawn.id, 'Drawn board')
  await designer.action('Publish').click()
  await expect(nav.link('Drawn board')).toHaveAttribute('href', '/p/drawn-board')
  await designer.action('Unpublish').click()
  await expect(nav.link('Drawn board')).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/designer/${drawn.id}$`))
})

test('route editing: rename and a new path (checked as typed), hide and show, a default page the route opens; a system route keeps its name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  const roadmap = await apiJson(page, '/api/v1/pages', 'POST', { name: 'Roadmap', route: 'roadmap' })
  await apiJson(page, `/api/v1/pages/${roadmap.id}/publish`, 'POST', { publish: true })
  await page.reload()
  const nav = new NavigationPanel(page)
  await nav.startEditing()
  await nav.createRoute('Projects', 'projects')

  let dialog = await nav.openEditDialog('Projects')
  await dialog.getByLabel('Name').fill('Work')
  await dialog.getByLabel('Path').fill('my work')
  await dialog.getByRole('button', { name: 'Save route' }).click()
  await expect(dialog.getByLabel('Path')).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByLabel('Path')).toHaveAccessibleDescription(/segments of letters, digits/)
  await dialog.getByLabel('Path').fill('settings')
  await dialog.getByRole('button', { name: 'Save route' }).click()
  await expect(dialog.getByRole('alert')).toHaveText("Route with path 'settings' already exists")
  await dialog.getByLabel('Path').fill('work')
  await dialog.getByLabel('Default page').selectOption({ label: 'Roadmap' })
  await dialog.getByRole('button', { name: 'Save route' }).click()
  await expect(dialog).toBeHidden()
  await expect(nav.status).toHaveText('Saved route Work')
  const work = (await readTree(page)).byName.get('Work')
  expect([work?.route, work?.default_page_id]).toEqual(['work', roadmap.id])
  await nav.stopEditing()
  await expect(nav.link('Work')).toHaveAttribute('href', '/p/roadmap')
  await nav.link('Work').click()
  await expect(page).toHaveURL(/\/p\/roadmap$/)

  // Hidden: gone from the navigation, listed (marked) in edit mode, and shown again.
  await nav.startEditing()
  dialog = await nav.openEditDialog('Work')
  await dialog.getByLabel('Show in the navigation').uncheck()
  await dialog.getByRole('button', { name: 'Save route' }).click()
  await expect(nav.status).toHaveText('Saved route Work')
  await expect(nav.row('Work').getByText('hidden', { exact: true })).toBeVisible()
  await nav.stopEditing()
  await expect(nav.link('Work')).toHaveCount(0)
  await nav.startEditing()
  dialog = await nav.openEditDialog('Work')
  await dialog.getByLabel('Show in the navigation').check()
  await dialog.getByRole('button', { name: 'Save route' }).click()
  await expect(nav.row('Work').getByText('hidden', { exact: true })).toHaveCount(0)

  // A system route: no name or path to change, no default page to choose (can_change_default false).
  dialog = await nav.openEditDialog('Settings')
  await expect(dialog.getByText('A system route keeps its name and path.')).toBeVisible()
  await expect(dialog.getByLabel('Name')).toHaveCount(0)
  await expect(dialog.getByLabel('Default page')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await nav.stopEditing()
  await expect(nav.link('Work')).toBeVisible()
})

test('a page published on another device shows in the navigation and on the Pages screen as soon as sync brings it, focus staying where it was', async ({
  browser,
}) => {
  test.setTimeout(scaledTimeout(150_000))
  const person = newPerson()
  const laptop = await openDevice(browser)
  const laptopAccount = new AccountPage(laptop)
  await laptopAccount.open()
  await laptopAccount.signUp({ server: syncServer, ...person, fullName: 'Route Maker' })
  await expect(laptopAccount.signedInAs('Route Maker')).toBeVisible()
  const phone = await openDevice(browser)
  const phoneAccount = new AccountPage(phone)
  await phoneAccount.open()
  await phoneAccount.signIn({ server: syncServer, email: person.email, password: person.password })
  await expect(phoneAccount.signedInAs('Route Maker')).toBeVisible()

  // The phone stays on its Pages screen; nothing navigates there. Its navigation and the screen are read
  // again when the change arrives, and the link a keyboard user is on keeps focus (it used to be replaced,
  // focus and all).
  const phoneScreen = new PagesScreen(phone)
  await phoneScreen.open()
  await expect(phoneScreen.item('Shared board')).toHaveCount(0)
  const phoneNav = new NavigationPanel(phone)
  await phoneNav.link('Collections').focus()
  const route = await apiJson(laptop, '/api/v1/navigation-routes', 'POST', {
    name: 'Shared',
    route: 'shared',
  })
  const made = await apiJson(laptop, '/api/v1/pages', 'POST', {
    name: 'Shared board',
    route: 'shared-board',
    navigation_route_id: route.id,
  })
  await apiJson(laptop, `/api/v1/pages/${made.id}/publish`, 'POST', { publish: true })
  await expect(phoneNav.link('Shared board')).toHaveAttribute('href', '/p/shared-board', {
    timeout: scaledTimeout(60_000),
  })
  await expect(phoneScreen.route('Shared board')).toHaveText('/shared-board')
  await expect(phone).toHaveURL(/\/pages$/)
  await expect(phoneNav.link('Collections')).toBeFocused()
})

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`the navigation panel is accessible at ${width}px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height })
    await openApp(page, '/collections')
    const route = await apiJson(page, '/api/v1/navigation-routes', 'POST', {
      name: 'Boards',
      route: 'boards',
    })
    const parent = await apiJson(page, '/api/v1/pages', 'POST', {
      name: 'Weekly',
      route: 'weekly',
      navigation_route_id: route.id,
    })
    const child = await apiJson(page, '/api/v1/pages', 'POST', {
      name: 'Monday',
      route: 'weekly/monday',
      parent_route: 'weekly',
      parent_type: 'page',
    })
    for (const made of [parent, child])
      await apiJson(page, `/api/v1/pages/${made.id}/publish`, 'POST', { publish: true })
    await page.reload()
    const nav = new NavigationPanel(page)
    if (width < 800) {
      // At phone width the navigation is a drawer behind the top bar's "Menu" button.
      await expect(nav.link('Settings')).toBeHidden()
      await expect(nav.menuButton).toHaveAttribute('aria-expanded', 'false')
      await nav.menuButton.click()
      await expect(nav.menuButton).toHaveAttribute('aria-expanded', 'true')
      await expect(nav.drawer).toBeVisible()
    } else {
      await expect(nav.menuButton).toBeHidden()
    }
    await expect(nav.link('Settings')).toBeVisible()
    await expect(nav.link('Monday')).toBeVisible()
    await expectAccessibleInBothThemes(page, `navigation at ${width}px`)
    await nav.startEditing()
    await nav.createRoute('Projects', 'projects')
    await expect(nav.action('Move Projects up')).toBeVisible()
    const hidden = await nav.openEditDialog('Projects')
    await hidden.getByLabel('Show in the navigation').uncheck()
    await hidden.getByRole('button', { name: 'Save route' }).click()
    await expect(nav.row('Projects').getByText('hidden', { exact: true })).toBeVisible()
    await expectAccessibleInBothThemes(page, `navigation editing at ${width}px`)
    const dialog = await nav.openEditDialog('Projects')
    await dialog.getByLabel('Path').fill('not valid!')
    await dialog.getByRole('button', { name: 'Save route' }).click()
    await expect(dialog.getByLabel('Path')).toHaveAttribute('aria-invalid', 'true')
    await expectAccessibleInBothThemes(page, `route edit dialog at ${width}px`)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await nav.root.getByRole('button', { name: 'New route' }).click()
    await expect(page.getByRole('dialog', { name: 'New route' })).toBeVisible()
    await expectAccessibleInBothThemes(page, `new route dialog at ${width}px`)
  })
}
