import { z } from 'zod'
import { ApiError } from '../../ApiError'
import { defineRoute, type Route } from '../../Route'
import type { RecordWrite, StoredRecord } from '../../../store/StoredRecord'
import { toTimestamp } from '../../../time/Clock'
import { patchedRecord, requireRecord } from '../platformRecords'
import { notFoundResponse, validationResponse } from '../platformErrors'
import {
  batchUpdateBody,
  moveBody,
  NAVIGATION_KIND,
  navigationRouteParams,
  navigationRouteSchema,
} from './navigationRouteSchemas'
import { NAVIGATION_NOT_FOUND, navigationTags as tags } from './navigationRouteRoutes'
import { listNavigationRoutes, requireNoCycle, requireParent } from './navigationRules'
import { navigationView, parentOf, sortByOrder } from './navigationTree'

const BASE = '/api/v1/navigation-routes'

/** Puts `records` at display_order 0..n-1 in the given order; only those whose order changes are written. */
function renumber(records: readonly StoredRecord[], now: string): StoredRecord[] {
  return records.flatMap((record, index) =>
    record.data.display_order === index
      ? []
      : [{ ...record, data: { ...record.data, display_order: index }, updated_at: now }],
  )
}

/** Moving one route (with its siblings renumbered) and rearranging many at once. */
export const navigationMoveRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: `${BASE}/batch-update`,
    operationId: 'batchUpdateNavigationRoutes',
    summary: 'Set the parent and order of many navigation routes at once',
    description: [
      'All or nothing: every entry is checked first and the changes are written in one atomic write.',
      'An unknown `id` answers 404 naming it; a repeated id, a `parent_id` that names no route, or a',
      'resulting cycle answers 422 (at the entry). Values are applied as given (no renumbering);',
      '`is_expanded` is changed only where sent. Answers the updated routes in the order sent.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    body: batchUpdateBody,
    responses: {
      200: { description: 'The updated routes', schema: z.array(navigationRouteSchema) },
      404: notFoundResponse('A navigation route of the batch does not exist'),
      422: validationResponse,
    },
    async handler({ body }, ports) {
      const all = await listNavigationRoutes(ports)
      const byId = new Map(all.map((r) => [r.id, r]))
      const seen = new Set<string>()
      body.forEach((entry, index) => {
        if (seen.has(entry.id))
          throw ApiError.unprocessable([
            { loc: ['body', index, 'id'], msg: 'The id appears twice in the batch', type: 'value_error' },
          ])
        seen.add(entry.id)
        if (!byId.has(entry.id)) throw ApiError.notFound(`${NAVIGATION_NOT_FOUND}: ${entry.id}`)
      })
      body.forEach((entry, index) => requireParent(all, entry.parent_id, [index, 'parent_id']))
      requireNoCycle(all, new Map(body.map((entry) => [entry.id, entry.parent_id])), ['parent_id'])
      const updated = body.map((entry) => {
        const record = byId.get(entry.id) as StoredRecord
        return patchedRecord(ports, record, {
          parent_id: entry.parent_id,
          display_order: entry.display_order,
          is_expanded: entry.is_expanded,
        })
      })
      // patchedRecord keeps a null parent_id (only undefined leaves a field alone).
      await ports.store.writeRecords(updated.map((record) => ({ put: record })))
      return { status: 200, body: updated.map(navigationView) }
    },
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:route_id/move`,
    operationId: 'moveNavigationRoute',
    summary: 'Move a navigation route to a parent and position',
    description: [
      '`parent_id` (null for the top level) must name an existing route that is not the route itself or',
      'one of its descendants (422). The route is inserted at position `display_order` among its new',
      'siblings (past the end: last) and both the new and the old sibling lists are renumbered 0..n-1,',
      'in one atomic write. Answers the moved route.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    params: navigationRouteParams,
    notFoundDetail: NAVIGATION_NOT_FOUND,
    body: moveBody,
    responses: {
      200: { description: 'The moved route', schema: navigationRouteSchema },
      404: notFoundResponse(NAVIGATION_NOT_FOUND),
      422: validationResponse,
    },
    async handler({ params, body }, ports) {
      const record = await requireRecord(ports, NAVIGATION_KIND, params.route_id, NAVIGATION_NOT_FOUND)
      const all = await listNavigationRoutes(ports)
      requireParent(all, body.parent_id)
      requireNoCycle(all, new Map([[record.id, body.parent_id]]))
      const now = toTimestamp(ports.clock.now())
      const oldParent = parentOf(record)
      const others = all.filter((r) => r.id !== record.id)
      const moved: StoredRecord = {
        ...record,
        data: { ...record.data, parent_id: body.parent_id },
        updated_at: now,
      }
      const siblings = sortByOrder(others.filter((r) => parentOf(r) === body.parent_id))
      siblings.splice(Math.min(body.display_order, siblings.length), 0, moved)
      const changed = new Map<string, StoredRecord>()
      for (const r of renumber(siblings, now)) changed.set(r.id, r)
      changed.set(moved.id, changed.get(moved.id) ?? moved)
      if (oldParent !== body.parent_id)
        for (const r of renumber(sortByOrder(others.filter((o) => parentOf(o) === oldParent)), now))
          changed.set(r.id, r)
      const writes: RecordWrite[] = [...changed.values()].map((r) => ({ put: r }))
      await ports.store.writeRecords(writes)
      return { status: 200, body: navigationView(changed.get(record.id) as StoredRecord) }
    },
  }),
]
