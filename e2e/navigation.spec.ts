import { expect, test, type Page } from '@playwright/test'
import { NavigationPanel } from './pages/NavigationPanel'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'

interface TreeNode {
  id: string
  name: string
  is_expanded: boolean
  children: TreeNode[]
}

/** The navigation tree as the API answers it, as `name > child` paths, and the node by name. */
async function readTree(page: Page): Promise<{ paths: string[]; byName: Map<string, TreeNode> }> {
  const tree = await page.evaluate(
    async () => (await (await fetch('/api/v1/navigation-routes/tree')).json()) as TreeNode[],
  )
  const paths: string[] = []
  const byName = new Map<string, TreeNode>()
  const walk = (nodes: TreeNode[], prefix: string) => {
    for (const node of nodes) {
      paths.push(prefix + node.name)
      byName.set(node.name, node)
      walk(node.children, `${prefix}${node.name} > `)
    }
  }
  walk(tree, '')
  return { paths, byName }
}

test('the seeded routes show, mapped to Quire screens; a person’s route is created, moved by keyboard, folded and still folded after reload, and deleted', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  const nav = new NavigationPanel(page)

  // Seeded: "Your BrainDrive" holding Settings and Plugin Manager (Quire screens); Personas and Page Builder
  // have no Quire screen and no default page, so they are not shown.
  await expect(nav.toggle('Your BrainDrive')).toHaveAttribute('aria-expanded', 'true')
  await expect(nav.root.getByText('Your BrainDrive', { exact: true })).toBeVisible()
  await expect(nav.link('Settings')).toHaveAttribute('href', '/settings')
  await expect(nav.link('Plugin Manager')).toHaveAttribute('href', '/plugins')
  await expect(nav.root.getByText('Personas')).toHaveCount(0)
  await nav.link('Plugin Manager').click()
  await expect(page).toHaveURL(/\/plugins$/)
  await expect(page.getByRole('heading', { name: 'Plugins', level: 1 })).toBeVisible()

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
  await expect(nav.toggle('Your BrainDrive')).toHaveAttribute('aria-expanded', 'true')

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

test('a route is put under another by drag and drop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  const nav = new NavigationPanel(page)
  await nav.startEditing()
  await nav.createRoute('Reading', 'reading')
  await nav.createRoute('Papers', 'papers')
  await nav.row('Papers').dragTo(nav.row('Reading'))
  await expect(nav.status).toHaveText('Moved Papers under Reading, position 1')
  expect((await readTree(page)).paths).toContain('Reading > Papers')
  // Onto itself's descendant: refused without a request.
  await nav.row('Reading').dragTo(nav.row('Papers'))
  await expect(nav.status).toHaveText('Moved Papers under Reading, position 1')
  expect((await readTree(page)).paths).toContain('Reading > Papers')
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

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`the navigation panel is accessible at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height })
    await openApp(page, '/collections')
    const nav = new NavigationPanel(page)
    if (width < 800) {
      // At phone width the routes fold behind the "Routes" menu button.
      await expect(nav.link('Settings')).toBeHidden()
      await expect(nav.menuButton).toHaveAttribute('aria-expanded', 'false')
      await nav.menuButton.click()
      await expect(nav.menuButton).toHaveAttribute('aria-expanded', 'true')
    } else {
      await expect(nav.menuButton).toBeHidden()
    }
    await expect(nav.link('Settings')).toBeVisible()
    await expectAccessible(page, `navigation at ${width}px`)
    await nav.startEditing()
    await nav.createRoute('Projects', 'projects')
    await expect(nav.action('Move Projects up')).toBeVisible()
    await expectAccessible(page, `navigation editing at ${width}px`)
    await nav.root.getByRole('button', { name: 'New route' }).click()
    await expect(page.getByRole('dialog', { name: 'New route' })).toBeVisible()
    await expectAccessible(page, `new route dialog at ${width}px`)
  })
}
