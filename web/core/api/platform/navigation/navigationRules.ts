import type { ApiPorts } from '../../ApiPorts'
import type { StoredRecord } from '../../../store/StoredRecord'
import { bodyIssue, conflict } from '../platformErrors'
import { NAVIGATION_KIND } from './navigationRouteSchemas'
import { findCycle, parentOf } from './navigationTree'

/** Rules a navigation route's place must keep, checked against the caller's stored routes. */

/** 422 at `field` unless `parentId` is null or an existing route. */
export function requireParent(
  all: readonly StoredRecord[],
  parentId: string | null,
  field: Array<string | number> = ['parent_id'],
): void {
  if (parentId !== null && !all.some((r) => r.id === parentId))
    throw bodyIssue(field, 'No navigation route with this id')
}

/** 422 when giving the routes of `moves` those parents would make a route its own ancestor. */
export function requireNoCycle(
  all: readonly StoredRecord[],
  moves: ReadonlyMap<string, string | null>,
  field: Array<string | number> = ['parent_id'],
): void {
  const parents = new Map(all.map((r) => [r.id, moves.has(r.id) ? (moves.get(r.id) ?? null) : parentOf(r)]))
  const looped = findCycle(parents)
  if (looped !== null)
    throw bodyIssue(field, `A route cannot be placed under itself or its descendants (${looped})`)
}

/** 409 when another route than `exceptId` has `route`: each navigation entry points somewhere of its own. */
export function requireFreeNavigationRoute(
  all: readonly StoredRecord[],
  route: string,
  exceptId?: string,
): void {
  const holder = all.find((r) => r.data.route === route && r.id !== exceptId)
  if (holder) throw conflict(`The route ${route} belongs to another navigation route (${holder.id})`)
}

export function listNavigationRoutes(ports: Pick<ApiPorts, 'store'>): Promise<StoredRecord[]> {
  return ports.store.listRecords(NAVIGATION_KIND)
}

/** `order` and `display_order` name the same thing; sent together they must agree. */
export function orderOf(body: {
  order?: number | undefined
  display_order?: number | undefined
}): number | undefined {
  if (body.order !== undefined && body.display_order !== undefined && body.order !== body.display_order)
    throw bodyIssue('display_order', '`order` and `display_order` differ')
  return body.display_order ?? body.order
}
