import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorSchema } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { orNotFound } from '../orNotFound'

const tags = ['Sync']
const NOT_AVAILABLE = 'Sync is not available on this host'
const NOT_SIGNED_IN = 'Not signed in to a sync server: sign in on the Account page to sync'

const isoTime = (description: string) => z.string().nullable().meta({ description })

export const syncStatusSchema = z
  .object({
    state: z.enum(['off', 'idle', 'syncing', 'offline', 'error']).meta({
      description:
        '`off`: not signed in. `idle`: up to date as of the last round. `syncing`: a round runs. `offline`: no network (changes are kept and sent later). `error`: the last round failed (see `error`).',
    }),
    last_synced_at: isoTime('End of the last successful round (ISO 8601), null before the first'),
    pending: z.number().int().nonnegative().meta({ description: 'Local changes not yet sent to the server' }),
    error: z.string().nullable().meta({ description: 'Why the last round failed; null after a success' }),
    next_attempt_at: isoTime('When the next round is due (ISO 8601); null while one runs or while offline'),
    server_url: z.string().nullable(),
  })
  .meta({ id: 'SyncStatus' })

/** The browser's background sync (absent on a host that does not sync in the background: 404). */
type SyncStatusPorts = Pick<ApiPorts, 'syncStatus'>

function syncOf(ports: SyncStatusPorts): NonNullable<ApiPorts['syncStatus']> {
  return orNotFound(ports.syncStatus, NOT_AVAILABLE)
}

/**
 * The browser's background sync, for the Account page and the status in the app bar. Mounted by the
 * browser host only, beside `accountRoutes`; the server is the other end of sync and has no loop.
 */
export const syncStatusRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/sync/status',
    operationId: 'getSyncStatus',
    summary: 'This device’s background sync',
    description:
      'Not in the spec. Whether this device is syncing with its sync server, when it last succeeded, how many local changes wait to be sent, and the last error. State `off` (and nulls) when no one is signed in.',
    tags,
    errorStyle: 'platform',
    responses: {
      200: { description: 'Sync status', schema: syncStatusSchema },
      404: { description: NOT_AVAILABLE, schema: errorSchema },
    },
    async handler(_input, ports: SyncStatusPorts) {
      return { status: 200, body: await syncOf(ports).status() }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/sync/now',
    operationId: 'syncNow',
    summary: 'Sync now',
    description:
      'Not in the spec. Runs a sync round at once (after the running one, if any) and answers the status after it. A failed round is still 200: the status names the error, and the background loop retries it with backoff.',
    tags,
    errorStyle: 'platform',
    responses: {
      200: { description: 'Sync status after the round', schema: syncStatusSchema },
      404: { description: NOT_AVAILABLE, schema: errorSchema },
      409: { description: NOT_SIGNED_IN, schema: errorSchema },
    },
    async handler(_input, ports: SyncStatusPorts) {
      const sync = syncOf(ports)
      if ((await sync.status()).state === 'off') throw new ApiError(409, NOT_SIGNED_IN)
      return { status: 200, body: await sync.syncNow() }
    },
  }),
]
