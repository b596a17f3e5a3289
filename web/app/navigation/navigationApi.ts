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

export function moveRoute(
  id: string,
  parentId: string | null,
  displayOrder: number,
): Promise<NavigationRoute> {
  return requestJson<NavigationRoute>(`${byId(id)}/move`, {
    method: 'PUT',
    body: { parent_id: parentId, display_order: displayOrder },
  })
}

export function createRoute(name: string, route: string): Promise<NavigationRoute> {
  return requestJson<NavigationRoute>(BASE, { method: 'POST', body: { name, route } })
}

export function deleteRoute(id: string): Promise<void> {
  return requestJson<void>(byId(id), { method: 'DELETE' })
}
