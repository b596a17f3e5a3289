import { ApiError } from '../../../kernel/ApiError'
import { errorSchema } from '../../errorSchema'
import type { StoredRecord } from '../../../store/StoredRecord'
import { bodyIssue } from '../platformErrors'
import { navigationRouteKind } from '../../../records/kinds/navigationRouteKind'
import { findCycle, parentOf, samePath } from './navigationTree'
import type { RecordPorts } from '../../../records/platformRecords'

/** Rules a navigation route's place must keep, checked against the caller's stored routes. */

/** A 400 `{detail}`, the status BrainDrive answers for a request its rules refuse. */
export function badRequest(detail: string): ApiError {
  return new ApiError(400, detail)
}
export function badRequestResponse(description: string) {
  return { description, schema: errorSchema }
}

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

/**
 * 400 (BrainDrive's status) when another route than `exceptId` has `route`: each navigation entry
 * points somewhere of its own. `projects` and `/projects` are one path.
 */
export function requireFreeNavigationRoute(
  all: readonly StoredRecord[],
  route: string,
  exceptId?: string,
): void {
  if (all.some((r) => samePath(r.data.route, route) && r.id !== exceptId))
    throw badRequest(`Route with path '${route}' already exists`)
}

export function listNavigationRoutes(ports: RecordPorts): Promise<StoredRecord[]> {
  return navigationRouteKind.list(ports)
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
