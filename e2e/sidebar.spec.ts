import { expect, test, type Page } from './support/test'
import { PagesScreen } from './pages/PagesScreen'
import { apiJson } from './support/apiJson'
import { expectAccessible, switchColorScheme } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Bug 1 of issue 30: a page published at the top level (parent "None (top level)", the default) never
// showed in the navigation, though the Pages screen says published pages appear there.
test('a top-level published page shows in the navigation at the address the Pages screen gives, and opens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  const screen = new PagesScreen(page)
  await screen.open()
  const made = await apiJson(page, '/api/v1/pages', 'POST', { name: 'Reading list', route: 'reading-list' })
  await apiJson(page, `/api/v1/pages/${made.id}/publish`, 'POST', { publish: true })
  await page.reload()
  await expect(screen.openLink('Reading list')).toBeVisible()
  const address = await screen.openLink('Reading list').getAttribute('href')
  expect(address).toBe('/p/reading-list')
  const link = page.getByRole('navigation').getByRole('link', { name: 'Reading list', exact: true })
  await expect(link).toHaveAttribute('href', address ?? '')
  await link.click()
  await expect(page).toHaveURL(/\/p\/reading-list$/)
  await expect(link).toHaveAttribute('aria-current', 'page')
})

/** The app's one navigation landmark. */
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test('one navigation: Quire screens (the seeded routes among them), a page under a route, More; by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  const route = await apiJson(page, '/api/v1/navigation-routes', 'POST', { name: 'Boards', route: 'boards' })
  const weekly = await apiJson(page, '/api/v1/pages', 'POST', {
    name: 'Weekly board',
    route: 'weekly-board',
    navigation_route_id: route.id,
  })
  await apiJson(page, `/api/v1/pages/${weekly.id}/publish`, 'POST', { publish: true })
  await page.reload()

  // One navigation landmark, every screen once, none named for BrainDrive.
  await expect(page.getByRole('navigation')).toHaveCount(1)
  const nav = mainNav(page)
  for (const [name, href] of [
    ['Collections', '/collections'],
    ['Chat', '/chat'],
    ['Search', '/search'],
    ['Pages', '/pages'],
    ['Plugins', '/plugins'],
    ['Settings', '/settings'],
  ] as const) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  const more = nav.getByRole('list', { name: 'More' })
  for (const [name, href] of [
    ['Evaluation', '/evaluation'],
    ['API explorer', '/docs'],
    ['Account', '/account'],
  ] as const) {
    await expect(more.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  await expect(nav.getByText(/BrainDrive|Plugin Manager|Page Builder/)).toHaveCount(0)
  await expect(nav.getByRole('button', { name: /Collapse all|Expand all/ })).toHaveCount(0)
  // "More" comes after the screens and the person's pages, at the bottom.
  const yours = nav.getByRole('list', { name: 'Your pages' })
  const weeklyLink = yours.getByRole('link', { name: 'Weekly board', exact: true })
  await expect(weeklyLink).toHaveAttribute('href', '/p/weekly-board')
  const [weeklyBox, moreBox] = await Promise.all([weeklyLink.boundingBox(), more.boundingBox()])
  expect(weeklyBox!.y).toBeLessThan(moreBox!.y)

  // The API's clients still read BrainDrive's seeded routes as before.
  const tree = await page.evaluate(
    async () =>
      (await (await fetch('/api/v1/navigation-routes/tree')).json()) as Array<{
        name: string
        route: string
        children: Array<{ name: string; route: string }>
      }>,
  )
  expect(tree[0]?.name).toBe('Your BrainDrive')
  expect(tree[0]?.children.map((c) => c.route)).toEqual([
    'settings',
    'personas',
    'plugin-manager',
    'plugin-studio',
  ])

  // By keyboard: Tab reaches the links, Enter follows one, and focus goes to the new screen's heading.
  await nav.getByRole('link', { name: 'Search', exact: true }).focus()
  await page.keyboard.press('Tab')
  await expect(nav.getByRole('link', { name: 'Pages', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/pages$/)
  await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeFocused()
  await expect(nav.getByRole('link', { name: 'Pages', exact: true })).toHaveAttribute('aria-current', 'page')
  await weeklyLink.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/p\/weekly-board$/)
  await expect(weeklyLink).toHaveAttribute('aria-current', 'page')
})

test('phone: a slim top bar; Menu opens the navigation as a drawer that keeps focus, closes on Escape and on a link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openApp(page, '/collections')
  const banner = page.getByRole('banner')
  const box = await banner.boundingBox()
  expect(box!.height).toBeLessThanOrEqual(64)
  // It scrolls away with the page: the screen is for the content.
  expect(await banner.evaluate((element) => getComputedStyle(element).position)).not.toBe('sticky')
  const menu = banner.getByRole('button', { name: 'Menu', exact: true })
  const nav = mainNav(page)
  await expect(nav).toBeHidden()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.screenshot({ path: 'e2e/output/screens/topbar-390-light.png' })

  await menu.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await expect(drawer).toBeVisible()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  const close = drawer.getByRole('button', { name: 'Close menu' })
  await expect(close).toBeFocused()
  // Focus stays in the drawer: Shift+Tab from its first control goes to its last, Tab from there to the first.
  await page.keyboard.press('Shift+Tab')
  await expect(drawer.getByRole('link', { name: 'Account', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(close).toBeFocused()
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press('Tab')
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  }
  // The page behind cannot be reached.
  expect(await page.locator('main').evaluate((element) => (element as HTMLElement).inert)).toBe(true)

  // Escape closes it and gives focus back to Menu.
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(menu).toBeFocused()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')

  // A link closes it and opens its screen.
  await menu.click()
  await drawer.getByRole('link', { name: 'Search', exact: true }).click()
  await expect(drawer).toBeHidden()
  await expect(page).toHaveURL(/\/search$/)
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible()
  // "Close menu" closes it too.
  await menu.click()
  await drawer.getByRole('button', { name: 'Close menu' }).click()
  await expect(drawer).toBeHidden()
  await expect(menu).toBeFocused()
})

const SCREENS = [
  'Collections',
  'Chat',
  'Search',
  'Pages',
  'Plugins',
  'Settings',
  'Evaluation',
  'API explorer',
  'Account',
] as const

// Per width: the screens' walk does not depend on the colour scheme; the sidebar is checked in both.
for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`every sidebar screen of a fresh install opens with no page or console error at ${width}px; axe clean, light and dark`, async ({
    page,
  }) => {
    test.setTimeout(scaledTimeout(120_000))
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console error: ${message.text()}`)
    })
    await page.setViewportSize({ width, height })
    await openApp(page, '/collections')
    const phone = width < 800
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })
    const nav = mainNav(page)

    // The sidebar (the drawer at phone width), for the record.
    if (phone) await menu.click()
    await expect(nav.getByRole('link', { name: 'Collections', exact: true })).toBeVisible()
    for (const colorScheme of ['light', 'dark'] as const) {
      await switchColorScheme(page, colorScheme)
      await expectAccessible(page, `the sidebar at ${width}px, ${colorScheme}`)
      await page.screenshot({ path: `e2e/output/screens/sidebar-${width}-${colorScheme}.png` })
    }
    await switchColorScheme(page, 'light')
    if (phone) await page.keyboard.press('Escape')

    for (const name of SCREENS) {
      if (phone) await menu.click()
      await nav.getByRole('link', { name, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      // At phone width the drawer is closed again: its links are hidden, and still say which is current.
      await expect(
        page
          .getByRole('navigation', { name: 'Main', includeHidden: true })
          .getByRole('link', { name, exact: true, includeHidden: true }),
      ).toHaveAttribute('aria-current', 'page')
    }
    // Settings probes its model servers; let any late error arrive before counting.
    await page.waitForTimeout(1_000)
    expect(errors).toEqual([])
  })
}
