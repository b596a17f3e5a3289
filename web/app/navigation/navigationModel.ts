import type { NavigationTreeNode, PublishedPage } from './navigationApi'

/**
 * Where each of the routes a new profile is seeded with (BrainDrive's, `navigationSeeds.ts`) leads in Quire.
 * `settings` is Quire's settings screen and `plugin-manager` its plugin manager (`/plugins`). `dashboard`
 * ("Your BrainDrive") has no screen of its own: it shows as the group holding the others. `personas` and
 * `plugin-studio` ("Page Builder") name BrainDrive screens Quire does not have: hidden from the navigation
 * unless a default page is set for them, then they open that page. All of them are listed in "Edit navigation"
 * so they can be reordered. Quire's other screens (Collections, Chat, ...) stay in the fixed "Main" links.
 */
export const SYSTEM_ROUTE_SCREENS: Readonly<Record<string, string>> = {
  settings: '/settings',
  'plugin-manager': '/plugins',
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
        children,
      },
    ]
  })
}

/** One entry of a batch-update that folds or unfolds a route. */
export interface ExpandChange {
  id: string
  is_expanded: boolean
}

/**
 * "Collapse all" / "Expand all": the routes shown with a fold button whose state differs, as one
 * batch-update (`{id, is_expanded}` each, as BrainDrive's web app folds a branch), and the parent pages to
 * fold or unfold locally.
 */
export function planExpandAll(
  entries: readonly NavEntry[],
  expanded: boolean,
): { routes: ExpandChange[]; pages: string[] } {
  const routes: ExpandChange[] = []
  const pages: string[] = []
  const walk = (list: readonly NavEntry[]) => {
    for (const entry of list) {
      if (entry.collapsible) {
        if (entry.kind === 'page') pages.push(entry.id)
        else if (entry.expanded !== expanded) routes.push({ id: entry.id, is_expanded: expanded })
      }
      walk(entry.children)
    }
  }
  walk(entries)
  return { routes, pages }
}
