import type { NavigationTreeNode, PublishedPage } from './navigationApi'

/** One of Quire's own screens in the sidebar, and the seeded route (if any) that maps onto it. */
export interface Screen {
  name: string
  href: string
  /** The seeded system route (`route`, bare) that is this screen in the API's navigation. */
  systemRoute?: string
}

/**
 * Quire's screens, first in the sidebar: the ones a person works in. The seeded routes of the API's
 * navigation (BrainDrive's, `navigationSeeds.ts`) map onto them: `settings` is Settings, `plugin-manager`
 * ("Plugin Manager") is Plugins and `plugin-studio` ("Page Builder") is Pages, so the sidebar has one of
 * each, named for Quire, and pages placed under such a route show under its screen.
 */
export const MAIN_SCREENS: readonly Screen[] = [
  { name: 'Collections', href: '/collections' },
  { name: 'Chat', href: '/chat' },
  { name: 'Search', href: '/search' },
  { name: 'Pages', href: '/pages', systemRoute: 'plugin-studio' },
  { name: 'Plugins', href: '/plugins', systemRoute: 'plugin-manager' },
  { name: 'Settings', href: '/settings', systemRoute: 'settings' },
]

/** The screens most people seldom need, in a "More" group at the bottom of the sidebar. */
export const MORE_SCREENS: readonly Screen[] = [
  { name: 'Evaluation', href: '/evaluation' },
  { name: 'API explorer', href: '/docs' },
  { name: 'Account', href: '/account' },
]

/**
 * Where each seeded system route leads in Quire: the screen it maps onto. `dashboard` ("Your BrainDrive")
 * has no screen: the sidebar lifts what it holds to the top level. `personas` names a BrainDrive screen
 * Quire does not have: hidden unless a default page is set for it or pages are placed under it. All of them
 * are listed in "Edit navigation" so they can be reordered.
 */
export const SYSTEM_ROUTE_SCREENS: Readonly<Record<string, string>> = Object.fromEntries(
  MAIN_SCREENS.flatMap((screen) => (screen.systemRoute ? [[screen.systemRoute, screen.href]] : [])),
)

/** The seeded route that only groups the others ("Your BrainDrive"). */
const GROUP_ROUTE = 'dashboard'

/**
 * What a route is called where the app names it (the Pages screen's Parent select): a seeded route by what
 * it is in Quire's sidebar ("Plugin Manager" is Plugins, "Your BrainDrive" the top of "Your pages"), any
 * other route by its own name.
 */
export function routeDisplayName(route: { name: string; route: string; is_system_route: boolean }): string {
  if (!route.is_system_route) return route.name
  const path = bare(route.route)
  if (path === GROUP_ROUTE) return 'Your pages'
  return MAIN_SCREENS.find((screen) => screen.systemRoute === path)?.name ?? route.name
}

/** One entry of the navigation as shown: a route (with its child routes and pages) or a published page. */
export interface NavEntry {
  kind: 'route' | 'page'
  id: string
  name: string
  /** The app path it opens, or null for a route that only groups others. */
  href: string | null
  /** Routes only: whether its children show, and whether it may be folded at all. */
  expanded: boolean
  collapsible: boolean
  /** A route with `is_visible` false (listed in edit mode only, marked hidden). */
  hidden: boolean
  /** A seeded system route's path (`settings`, `dashboard`), or null for a person's route or a page. */
  systemRoute: string | null
  children: NavEntry[]
}

const canonical = (id: string | null | undefined) => (id ?? '').replace(/-/g, '').toLowerCase()

/** Whether two record ids name one record (BrainDrive's clients may send them without hyphens). */
export function sameId(a: string | null | undefined, b: string | null | undefined): boolean {
  return canonical(a) !== '' && canonical(a) === canonical(b)
}
const bare = (route: string | null | undefined) => (route ?? '').replace(/^\/+|\/+$/g, '')

/** `/p/<route>`: where a page made through the pages API opens (`web/app/routes/p.$.tsx`). */
export function pageHref(page: Pick<PublishedPage, 'route'>): string {
  return `/p/${bare(page.route)}`
}

/** Whether a published page belongs under a route: it names the route, or its parent route is the route's path. */
function isUnder(page: PublishedPage, node: NavigationTreeNode): boolean {
  if (page.navigation_route_id) return canonical(page.navigation_route_id) === canonical(node.id)
  return page.parent_route !== null && bare(page.parent_route) === bare(node.route) && bare(node.route) !== ''
}

/**
 * The published page a page sits under, if any: the page whose route is its `parent_route` (BrainDrive's
 * way of naming a parent page; Quire's pages API also says `parent_type` "page"). A page placed under a
 * navigation route (`parent_type` "navigation") has none. A parent page that is not published is no parent
 * here: the page then shows where its own navigation route puts it.
 */
export function parentPageOf(
  page: PublishedPage,
  pages: readonly PublishedPage[],
): PublishedPage | undefined {
  if (page.parent_route === null || page.parent_type === 'navigation') return undefined
  const route = bare(page.parent_route)
  return pages.find((other) => other.id !== page.id && bare(other.route) === route)
}

/** The pages under `parent` (by name), each with its own child pages, to any depth; `seen` stops a loop. */
function pageEntries(
  children: readonly PublishedPage[],
  pages: readonly PublishedPage[],
  folded: ReadonlySet<string>,
  seen: ReadonlySet<string>,
): NavEntry[] {
  return [...children]
    .filter((page) => !seen.has(page.id))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((page) => {
      const inner = new Set([...seen, page.id])
      const grand = pageEntries(
        pages.filter((child) => parentPageOf(child, pages)?.id === page.id),
        pages,
        folded,
        inner,
      )
      return {
        kind: 'page' as const,
        id: page.id,
        name: page.name,
        href: pageHref(page),
        expanded: !folded.has(page.id),
        collapsible: grand.length > 0,
        hidden: false,
        systemRoute: null,
        children: grand,
      }
    })
}

/**
 * Where a route leads: a system route to its Quire screen; any route to its default page when that page is
 * published (as BrainDrive opens a route's `default_page_id`); a person's route to the published page of the
 * same path; otherwise nowhere (it groups its children).
 */
function routeHref(node: NavigationTreeNode, pages: readonly PublishedPage[]): string | null {
  const screen = node.is_system_route ? SYSTEM_ROUTE_SCREENS[bare(node.route)] : undefined
  if (screen) return screen
  if (node.default_page_id) {
    const page = pages.find((p) => canonical(p.id) === canonical(node.default_page_id))
    if (page) return pageHref(page)
  }
  if (node.is_system_route) return null
  const same = pages.find((p) => bare(p.route) === bare(node.route))
  return same ? pageHref(same) : null
}

export interface BuildOptions {
  /** Edit mode: every route, hidden ones too (marked), and no pages. */
  all?: boolean
  /** Ids of the parent pages the person folded (pages have no `is_expanded` of their own). */
  folded?: ReadonlySet<string>
}

/**
 * The navigation as shown: visible routes in tree order, each followed by its published pages (by name), a
 * page under a parent page nested under that page. A system route leading nowhere and holding nothing shown
 * is left out; in edit mode (`all`) every route is kept.
 */
export function buildEntries(
  tree: readonly NavigationTreeNode[],
  pages: readonly PublishedPage[],
  options: BuildOptions = {},
): NavEntry[] {
  const all = options.all ?? false
  const folded = options.folded ?? new Set<string>()
  return tree.flatMap((node) => {
    if (!all && !node.is_visible) return []
    const childRoutes = buildEntries(node.children, pages, options)
    const childPages = all
      ? []
      : pageEntries(
          pages.filter((page) => isUnder(page, node) && !parentPageOf(page, pages)),
          pages,
          folded,
          new Set(),
        )
    const children = [...childRoutes, ...childPages]
    const href = routeHref(node, pages)
    if (!all && node.is_system_route && href === null && children.length === 0) return []
    return [
      {
        kind: 'route' as const,
        id: node.id,
        name: node.name,
        href,
        expanded: node.is_expanded || !node.is_collapsible,
        collapsible: node.is_collapsible && children.length > 0,
        hidden: !node.is_visible,
        systemRoute: node.is_system_route ? bare(node.route) : null,
        children,
      },
    ]
  })
}

/** Every route of the tree, at any depth. */
function allNodes(tree: readonly NavigationTreeNode[]): NavigationTreeNode[] {
  return tree.flatMap((node) => [node, ...allNodes(node.children)])
}

/** The sidebar: Quire's screens (with what is placed under their seeded routes), then the person's own. */
export interface Sidebar {
  /** `MAIN_SCREENS` in order; a screen a seeded route maps onto carries that route's id, fold and children. */
  screens: NavEntry[]
  /** The person's routes (and a system route with no screen that has something to show), in tree order,
   * then the published pages placed at the top level (no route, no parent page), by name. */
  yours: NavEntry[]
}

/**
 * One navigation (issue 30): the API's routes and the published pages as the sidebar shows them. A seeded
 * route that maps onto a Quire screen is that screen, wherever it sits in the tree; "Your BrainDrive" is
 * no entry, its other routes lifted to where it was; a page that no route and no parent page holds (the
 * Pages screen's "None (top level)", or a route since deleted) shows at the top level, at `/p/<route>` as
 * the Pages screen gives it.
 */
export function buildSidebar(
  tree: readonly NavigationTreeNode[],
  pages: readonly PublishedPage[],
  options: Pick<BuildOptions, 'folded'> = {},
): Sidebar {
  const folded = options.folded ?? new Set<string>()
  const onScreens = new Map<string, NavEntry>()
  const lift = (entries: readonly NavEntry[]): NavEntry[] =>
    entries.flatMap((entry) => {
      const system = entry.systemRoute
      if (system === GROUP_ROUTE) return lift(entry.children)
      if (system !== null && SYSTEM_ROUTE_SCREENS[system]) {
        onScreens.set(system, { ...entry, children: lift(entry.children) })
        return []
      }
      return [{ ...entry, children: lift(entry.children) }]
    })
  const routes = lift(buildEntries(tree, pages, { folded }))
  const screens = MAIN_SCREENS.map((screen): NavEntry => {
    const mapped = screen.systemRoute ? onScreens.get(screen.systemRoute) : undefined
    return {
      kind: 'route',
      id: mapped?.id ?? `screen:${screen.href}`,
      name: screen.name,
      href: screen.href,
      expanded: mapped?.expanded ?? true,
      collapsible: mapped?.collapsible ?? false,
      hidden: false,
      systemRoute: screen.systemRoute ?? null,
      children: mapped?.children ?? [],
    }
  })
  const nodes = allNodes(tree)
  const topLevel = pages.filter(
    (page) => !parentPageOf(page, pages) && !nodes.some((node) => isUnder(page, node)),
  )
  return { screens, yours: [...routes, ...pageEntries(topLevel, pages, folded, new Set())] }
}
