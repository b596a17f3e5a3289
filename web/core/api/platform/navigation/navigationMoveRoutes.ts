import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import { defineRoute, type Route } from '../../Route'
import type { RecordWrite, StoredRecord } from '../../../store/StoredRecord'
import { toTimestamp } from '../../../kernel/time/Clock'
import { notFoundResponse, validationResponse } from '../platformErrors'
import { navigationRouteKind as kind } from '../../../records/kinds/navigationRouteKind'
import { batchUpdateBody, moveBody, navigationRouteSchema } from './navigationRouteSchemas'
import { navigationTags as tags } from './navigationRouteRoutes'
import { listNavigationRoutes, requireNoCycle, requireParent } from './navigationRules'
import { navigationView, parentOf, sortByOrder } from './navigationTree'
import type { ApiPorts } from '../../ApiPorts'
import type { RecordPorts } from '../../../records/platformRecords'

/** Moves rewrite the caller's navigation records (order, parent), stamped with the clock. */
type NavigationMovePorts = Pick<ApiPorts, 'clock' | 'currentUserId'> & RecordPorts

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
      'Each entry changes only the fields it sends: BrainDrive’s web app sends `{id, is_expanded}` alone',
      'to fold a branch. `parent_id` null puts the route at the top level; `display_order` and',
      '`is_expanded` sent as null are left as they are (pydantic’s `None`). Values are applied as given',
      '(no renumbering). Answers the updated routes in the order sent. Differs from BrainDrive: all or',
      'nothing (every entry is checked first, then written in one atomic write), so an unknown `id`',
      'answers 404 naming it where BrainDrive skips it, and a repeated id, a `parent_id` that names no',
      'route or a resulting cycle answers 422 (at the entry); BrainDrive also reads a null `parent_id` as',
      '"leave it".',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    body: batchUpdateBody,
    responses: {
      200: { description: 'The updated routes', schema: z.array(navigationRouteSchema) },
      404: notFoundResponse('A navigation route of the batch does not exist'),
      422: validationResponse,
    },
    async handler({ body }, ports: NavigationMovePorts) {
      const creator = await ports.currentUserId()
      const all = await listNavigationRoutes(ports)
      const byId = new Map(all.map((r) => [r.id, r]))
      const seen = new Set<string>()
      body.forEach((entry, index) => {
        if (seen.has(entry.id))
          throw ApiError.unprocessable([
            { loc: ['body', index, 'id'], msg: 'The id appears twice in the batch', type: 'value_error' },
          ])
        seen.add(entry.id)
        if (!byId.has(entry.id)) throw ApiError.notFound(`${kind.notFound}: ${entry.id}`)
      })
      body.forEach((entry, index) => {
        if (entry.parent_id !== undefined) requireParent(all, entry.parent_id, [index, 'parent_id'])
      })
      const moves = body.flatMap((entry) =>
        entry.parent_id === undefined ? [] : [[entry.id, entry.parent_id] as const],
      )
      requireNoCycle(all, new Map(moves), ['parent_id'])
      const updated = body.map((entry) => {
        const record = byId.get(entry.id) as StoredRecord
        return kind.patch(ports, record, {
          parent_id: entry.parent_id,
          display_order: entry.display_order,
          is_expanded: entry.is_expanded,
        })
      })
      // `patch` keeps a null parent_id (only undefined leaves a field alone).
      await ports.store.records.writeRecords(updated.map((record) => ({ put: record })))
      return { status: 200, body: updated.map((record) => navigationView(record, creator)) }
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
      'in one atomic write. Answers the moved route. Differs from BrainDrive: a refused move answers',
      '422 at `parent_id` (BrainDrive: 400).',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    params: kind.params,
    notFoundDetail: kind.notFound,
    body: moveBody,
    responses: {
      200: { description: 'The moved route', schema: navigationRouteSchema },
      404: notFoundResponse(kind.notFound),
      422: validationResponse,
    },
    async handler({ params, body }, ports: NavigationMovePorts) {
      const record = await kind.require(ports, params.route_id)
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
      await ports.store.records.writeRecords(writes)
      const answer = changed.get(record.id) as StoredRecord
      return { status: 200, body: navigationView(answer, await ports.currentUserId()) }
    },
  }),
]
