import { routeDisplayName } from '../navigation/navigationModel'
import type { NavigationRoute, Page, PagePlace } from './pagesApi'

/** A parent a page may be placed under, as the Parent select offers it. */
export interface ParentChoice {
  /** `page:/route` or `navigation:/route`; "" is the top level. */
  value: string
  label: string
  group: 'Pages' | 'Navigation'
}

/** A route segment from a page's name: "My Reading Board!" -> "my-reading-board". */
export function segmentFromName(name: string): string {
  const segment = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return segment || 'page'
}

const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/

/** Why a segment cannot be a route segment, or undefined when it can. */
export function segmentProblem(segment: string): string | undefined {
  if (!segment) return 'Enter a route segment.'
  if (segment.length > 200) return 'A route segment has at most 200 characters.'
  if (!SEGMENT.test(segment)) return 'Use letters, digits, ".", "_", "~" and "-" only, not starting with ".".'
  return undefined
}

/** Where the app opens a page: `/p` and the page's route (`/docs/intro` -> `/p/docs/intro`). */
export function pageHref(route: string): string {
  return `/p${route.startsWith('/') ? route : `/${route}`}`
}

/** Whether `route` is `ancestor` or lies below it. */
function atOrBelow(route: string, ancestor: string): boolean {
  return route === ancestor || route.startsWith(`${ancestor}/`)
}

/**
 * The parents a page may be placed under: the other pages (not the page itself or pages below it) and
 * the navigation routes, by name with their route (a seeded route by its name in the sidebar).
 */
export function parentChoices(pages: Page[], routes: NavigationRoute[], self?: Page): ParentChoice[] {
  const pageChoices = pages
    .filter((page) => !self || !atOrBelow(page.route, self.route))
    .map((page) => ({
      value: `page:${page.route}`,
      label: `${page.name} (${page.route})`,
      group: 'Pages' as const,
    }))
  const routeChoices = routes.map((route) => {
    const path = route.route.startsWith('/') ? route.route : `/${route.route}`
    return {
      value: `navigation:${path}`,
      label: `${routeDisplayName(route)} (${path})`,
      group: 'Navigation' as const,
    }
  })
  return [...pageChoices, ...routeChoices]
}

/** The select's value for a page's parent ("" for the top level). */
export function parentValue(page: Pick<Page, 'parent_route' | 'parent_type'>): string {
  return page.parent_route && page.parent_type ? `${page.parent_type}:${page.parent_route}` : ''
}

/** A place from the form's values. */
export function placeFrom(parent: string, segment: string, isParentPage: boolean): PagePlace {
  const at = parent.indexOf(':')
  if (!parent || at < 0)
    return { parent_route: null, parent_type: null, route_segment: segment, is_parent_page: isParentPage }
  const type = parent.slice(0, at) === 'navigation' ? 'navigation' : 'page'
  return {
    parent_route: parent.slice(at + 1),
    parent_type: type,
    route_segment: segment,
    is_parent_page: isParentPage,
  }
}

/**
 * The pages in hierarchy order: each page followed by the pages under it (by `parent_route` with
 * `parent_type: page`), with its depth. A page whose parent page is gone, or that sits under a
 * navigation route, is at depth 0; a cycle cannot arise (a page cannot be placed below itself) but is
 * cut anyway.
 */
export function pageTree(pages: Page[]): Array<{ page: Page; depth: number }> {
  const byRoute = new Map(pages.map((page) => [page.route, page]))
  const children = new Map<string, Page[]>()
  const roots: Page[] = []
  for (const page of pages) {
    const parent =
      page.parent_type === 'page' && page.parent_route ? byRoute.get(page.parent_route) : undefined
    if (parent && parent !== page) children.set(parent.route, [...(children.get(parent.route) ?? []), page])
    else roots.push(page)
  }
  const out: Array<{ page: Page; depth: number }> = []
  const seen = new Set<string>()
  const visit = (page: Page, depth: number) => {
    if (seen.has(page.id)) return
    seen.add(page.id)
    out.push({ page, depth })
    for (const child of children.get(page.route) ?? []) visit(child, depth + 1)
  }
  for (const root of roots) visit(root, 0)
  for (const page of pages) visit(page, 0)
  return out
}
