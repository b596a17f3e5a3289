import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorSchema } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { orNotFound } from '../orNotFound'

const tags = ['Sync']
const NOT_AVAILABLE = 'Sync is not available on this host'

const side = z.object({
  value: z.unknown(),
  removed: z.boolean().meta({ description: 'The write removed the field (then `value` is null)' }),
  at: z.string().meta({ description: 'When it was written (ISO 8601, by the writing device’s clock)' }),
  device: z.string().meta({ description: 'The writing device’s sync client id (`server` for the server)' }),
})

export const conflictViewSchema = z
  .object({
    conflict_id: z.string(),
    kind: z
      .string()
      .meta({ description: 'The sync kind: `collection`, `chat_session`, `record:persona`...' }),
    id: z.string(),
    field: z.string(),
    what: z.string().meta({ description: 'The kind in words' }),
    title: z.string().nullable(),
    lost: side,
    current: side,
  })
  .meta({ id: 'SyncConflict' })

const conflictBody = z.strictObject({ conflict_id: z.string().min(1) })

/** The device's sync conflicts (absent on a host without sync: 404). */
type SyncConflictPorts = Pick<ApiPorts, 'syncConflicts'>

function conflictsOf(ports: SyncConflictPorts): NonNullable<ApiPorts['syncConflicts']> {
  return orNotFound(ports.syncConflicts, NOT_AVAILABLE)
}

const listAnswer = {
  description: 'The open conflicts',
  schema: z.object({ items: z.array(conflictViewSchema) }),
}
const unknown = { description: 'No such open conflict (restored or dismissed already)', schema: errorSchema }

/** `POST /api/v1/sync/conflicts/<action>` with `{conflict_id}`: 404 when that conflict is not open. */
function conflictAction(
  action: 'restore' | 'dismiss',
  operationId: string,
  summary: string,
  description: string,
) {
  return defineRoute({
    method: 'post',
    path: `/api/v1/sync/conflicts/${action}`,
    operationId,
    summary,
    description,
    tags,
    errorStyle: 'platform',
    body: conflictBody,
    responses: { 200: listAnswer, 404: unknown, 422: { description: 'Validation error' } },
    async handler({ body }, ports: SyncConflictPorts) {
      const conflicts = conflictsOf(ports)
      if (!(await conflicts[action](body.conflict_id))) throw ApiError.notFound('No such open conflict')
      return { status: 200 as const, body: { items: await conflicts.list() } }
    },
  })
}

/**
 * Losing writes where the person can see them (DESIGN.md section 3): when two devices changed the same
 * field, the later write wins everywhere and the other is kept. Browser-only, like the status routes:
 * the device's replica holds the conflicts.
 */
export const syncConflictRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/sync/conflicts',
    operationId: 'listSyncConflicts',
    summary: 'Changes that lost to a later change on another device',
    description:
      'Not in the spec. When two devices change the same field of the same thing, the later change (by hybrid logical clock) wins on every device; the other is kept here, newest first, with the value it lost to. A record keeps at most 10 losing writes. Conflicts a person dismissed are left out.',
    tags,
    errorStyle: 'platform',
    responses: { 200: listAnswer, 404: { description: NOT_AVAILABLE, schema: errorSchema } },
    async handler(_input, ports: SyncConflictPorts) {
      return { status: 200, body: { items: await conflictsOf(ports).list() } }
    },
  }),
  conflictAction(
    'restore',
    'restoreSyncConflict',
    'Bring a losing change back',
    'Not in the spec. Writes the losing value again as a new change on this device, so it wins everywhere once synced (the value it replaces becomes a conflict in turn, so this can be undone). Answers the open conflicts after it.',
  ),
  conflictAction(
    'dismiss',
    'dismissSyncConflict',
    'Keep the current value and stop showing a conflict',
    'Not in the spec. Hides the conflict on this device; the values stay as they are. Answers the open conflicts after it.',
  ),
]
