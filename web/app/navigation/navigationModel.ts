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
  children: NavEntry[]
}

const canonical = (id: string | null | undefined) => (id ?? '').replace(/-/g, '').toLowerCase()
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

/**
 * The navigation as shown: visible routes in tree order, each followed by its published pages (by name).
 * A system route leading nowhere and holding nothing shown is left out; in edit mode (`all`) every route is kept.
 */
export function buildEntries(
  tree: readonly NavigationTreeNode[],
  pages: readonly PublishedPage[],
  all = false,
): NavEntry[] {
  return tree.flatMap((node) => {
    if (!all && !node.is_visible) return []
    const childRoutes = buildEntries(node.children, pages, all)
    const childPages: NavEntry[] = all
      ? []
      : pages
          .filter((page) => isUnder(page, node))
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((page) => ({
            kind: 'page' as const,
            id: page.id,
            name: page.name,
            href: pageHref(page),
            expanded: false,
            collapsible: false,
            children: [],
          }))
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
        children,
      },
    ]
  })
}

/** A place in the tree: the parent (null at the top), the siblings in order, and the index among them. */
interface Place {
  parent: NavigationTreeNode | null
  siblings: readonly NavigationTreeNode[]
  index: number
}

export function findPlace(
  tree: readonly NavigationTreeNode[],
  id: string,
  parent: NavigationTreeNode | null = null,
): Place | null {
  const index = tree.findIndex((node) => node.id === id)
  if (index >= 0) return { parent, siblings: tree, index }
  for (const node of tree) {
    const found = findPlace(node.children, id, node)
    if (found) return found
  }
  return null
}

export type MoveAction = 'up' | 'down' | 'indent' | 'outdent'

/** A move as `PUT /navigation-routes/{id}/move` takes it, and what to announce once made. */
export interface PlannedMove {
  parentId: string | null
  displayOrder: number
  announcement: string
}

function announce(name: string, parent: NavigationTreeNode | null, displayOrder: number): string {
  const where = parent ? `under ${parent.name}` : 'to the top level'
  return `Moved ${name} ${where}, position ${displayOrder + 1}`
}

/**
 * The keyboard moves: up and down among the siblings, indent under the sibling before, outdent to just after
 * the parent. Null when the move is not possible (first, last, top level).
 */
export function planMove(
  tree: readonly NavigationTreeNode[],
  id: string,
  action: MoveAction,
): PlannedMove | null {
  const place = findPlace(tree, id)
  if (!place) return null
  const { parent, siblings, index } = place
  const node = siblings[index] as NavigationTreeNode
  const grand = (p: NavigationTreeNode) => findPlace(tree, p.id)
  switch (action) {
    case 'up':
      if (index === 0) return null
      return {
        parentId: parent?.id ?? null,
        displayOrder: index - 1,
        announcement: announce(node.name, parent, index - 1),
      }
    case 'down':
      if (index === siblings.length - 1) return null
      return {
        parentId: parent?.id ?? null,
        displayOrder: index + 1,
        announcement: announce(node.name, parent, index + 1),
      }
    case 'indent': {
      const target = siblings[index - 1]
      if (!target) return null
      const order = target.children.length
      return { parentId: target.id, displayOrder: order, announcement: announce(node.name, target, order) }
    }
    case 'outdent': {
      if (!parent) return null
      const parentPlace = grand(parent)
      if (!parentPlace) return null
      const order = parentPlace.index + 1
      return {
        parentId: parentPlace.parent?.id ?? null,
        displayOrder: order,
        announcement: announce(node.name, parentPlace.parent, order),
      }
    }
  }
}

/** Whether `id` is `ancestorId` or lies under it (a drop there would make a cycle). */
function isWithin(tree: readonly NavigationTreeNode[], id: string, ancestorId: string): boolean {
  if (id === ancestorId) return true
  const place = findPlace(tree, id)
  return place?.parent ? isWithin(tree, place.parent.id, ancestorId) : false
}

/** A drag and drop: onto a route puts the dragged one last under it; onto null, last at the top level. */
export function planDrop(
  tree: readonly NavigationTreeNode[],
  id: string,
  targetId: string | null,
): PlannedMove | null {
  const place = findPlace(tree, id)
  if (!place) return null
  const node = place.siblings[place.index] as NavigationTreeNode
  if (targetId === null) {
    const order = place.parent ? tree.length : tree.length - 1
    if (!place.parent && place.index === order) return null
    return { parentId: null, displayOrder: order, announcement: announce(node.name, null, order) }
  }
  if (isWithin(tree, targetId, id)) return null
  const target = findPlace(tree, targetId)
  const targetNode = target?.siblings[target.index]
  if (!targetNode) return null
  const order = targetNode.children.filter((child) => child.id !== id).length
  return {
    parentId: targetNode.id,
    displayOrder: order,
    announcement: announce(node.name, targetNode, order),
  }
}
