import type { z } from 'zod'
import type { navigationRouteSchema } from '../../core/api/platform/navigation/navigationRouteSchemas'
import type { pageSchema } from '../../core/api/platform/pages/pageSchemas'
import { requestJson } from '../api/requestJson'

/** A route as the navigation endpoints answer it. */
export type NavigationRoute = z.output<typeof navigationRouteSchema>
/** A route of `GET /api/v1/navigation-routes/tree`: the route with its children and depth. */
export interface NavigationTreeNode extends NavigationRoute {
  depth_level: number
  children: NavigationTreeNode[]
}
export type PublishedPage = z.output<typeof pageSchema>

const BASE = '/api/v1/navigation-routes'
const byId = (id: string) => `${BASE}/${encodeURIComponent(id)}`

export function getNavigationTree(signal?: AbortSignal): Promise<NavigationTreeNode[]> {
  return requestJson<NavigationTreeNode[]>(`${BASE}/tree`, { signal })
}

/** The published pages (at most 100, the list's limit), to show under their routes. */
export async function listPublishedPages(signal?: AbortSignal): Promise<PublishedPage[]> {
  const answer = await requestJson<{ pages: PublishedPage[] }>(
    '/api/v1/pages?published_only=true&limit=100',
    {
      signal,
    },
  )
  return answer.pages
}

export function setRouteExpanded(id: string, isExpanded: boolean): Promise<NavigationRoute> {
  return requestJson<NavigationRoute>(byId(id), { method: 'PUT', body: { is_expanded: isExpanded } })
}

/** One entry of a batch-update: only the fields sent change (BrainDrive's web app sends `{id, is_expanded}`). */
export interface BatchEntry {
  id: string
  parent_id?: string | null
  display_order?: number
  is_expanded?: boolean
}

/** `POST .../batch-update`: many routes' places (or folds) at once, all or nothing. */
export function batchUpdateRoutes(entries: readonly BatchEntry[]): Promise<NavigationRoute[]> {
  return requestJson<NavigationRoute[]>(`${BASE}/batch-update`, { method: 'POST', body: entries })
}

/** The fields of a route the edit dialog changes; left out, a field keeps its value. */
export interface RouteEdit {
  name?: string
  route?: string
  is_visible?: boolean
  /** null clears it. */
  default_page_id?: string | null
}

export function updateRoute(id: string, edit: RouteEdit): Promise<NavigationRoute> {
  return requestJson<NavigationRoute>(byId(id), { method: 'PUT', body: edit })
}

/**
 * A person's own route. `can_change_default` true: its default page stays theirs to choose (the API's
 * default, false, lets a default page be set once and never changed, BrainDrive's rule for its own routes).
 */
export function createRoute(name: string, route: string): Promise<NavigationRoute> {
  return requestJson<NavigationRoute>(BASE, {
    method: 'POST',
    body: { name, route, can_change_default: true },
  })
}

export function deleteRoute(id: string): Promise<void> {
  return requestJson<void>(byId(id), { method: 'DELETE' })
}
