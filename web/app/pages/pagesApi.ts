import type { z } from 'zod'
import type { navigationRouteSchema } from '../../core/api/platform/navigation/navigationRouteSchemas'
import type { pageSchema } from '../../core/api/platform/pages/pageSchemas'
import { requestJson } from '../api/requestJson'

/** A page as the pages API answers it (PageResponse). */
export type Page = z.output<typeof pageSchema>

/** A navigation route, as a parent a page may be placed under. */
export type NavigationRoute = z.output<typeof navigationRouteSchema>

/** Where a page sits: under a page or a navigation route (by its route), or at the top (both null). */
export interface PagePlace {
  parent_route: string | null
  parent_type: 'page' | 'navigation' | null
  route_segment: string
  is_parent_page: boolean
}

const BASE = '/api/v1/pages'

/** Every page of the person, oldest first (the API's limit is 100 a request; the rest are paged in). */
export async function listPages(signal?: AbortSignal): Promise<Page[]> {
  const pages: Page[] = []
  for (;;) {
    const answer = await requestJson<{ pages: Page[]; total: number }>(
      `${BASE}?limit=100&offset=${pages.length}`,
      { signal },
    )
    pages.push(...answer.pages)
    if (answer.pages.length === 0 || pages.length >= answer.total) return pages
  }
}

export function listNavigationRoutes(signal?: AbortSignal): Promise<NavigationRoute[]> {
  return requestJson<NavigationRoute[]>('/api/v1/navigation-routes', { signal })
}

/** A new page at `parent_route + "/" + route_segment`, with its place stored as given. */
export function createPage(name: string, place: PagePlace): Promise<Page> {
  return requestJson<Page>(BASE, {
    method: 'POST',
    body: { name, route: `${place.parent_route ?? ''}/${place.route_segment}`, ...place },
  })
}

export function renamePage(id: string, name: string): Promise<Page> {
  return requestJson<Page>(`${BASE}/${id}`, { method: 'PUT', body: { name } })
}

/** Moves a page under another parent and/or to another segment; its route follows. */
export function placePage(id: string, place: PagePlace): Promise<Page> {
  return requestJson<Page>(`${BASE}/${id}/hierarchy`, { method: 'PUT', body: place })
}

export function publishPage(id: string, publish: boolean): Promise<Page> {
  return requestJson<Page>(`${BASE}/${id}/publish`, { method: 'POST', body: { publish } })
}

export function deletePage(id: string): Promise<void> {
  return requestJson<void>(`${BASE}/${id}`, { method: 'DELETE' })
}
