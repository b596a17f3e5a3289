import { z } from 'zod'
import { booleanQuery } from '../booleanQuery'
import { recordId } from '../../../records/recordId'

/** A plugin's saved state is meant for settings and UI state, not files: 1 MiB of JSON at most. */
export const MAX_STATE_BYTES = 1_048_576
/** States in one bulk request. */
export const MAX_BULK_STATES = 100

export const STATE_STRATEGIES = ['persistent', 'session', 'none', 'custom'] as const
const stateStrategy = z.enum(STATE_STRATEGIES)

/** Byte length of a value's JSON, as stored and as `GET /stats` counts it. */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length
}

const stateData = z.record(z.string(), z.unknown()).refine((value) => jsonBytes(value) <= MAX_STATE_BYTES, {
  message: `must be at most ${MAX_STATE_BYTES} bytes of JSON`,
})

/** Any ISO 8601 date-time with a zone; stored in UTC with milliseconds like every other timestamp. */
const ttlExpiresAt = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone' })
  .transform((value) => new Date(value).toISOString())

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max)

// Bodies are read as FastAPI reads them: fields the route does not know are ignored (BrainDrive's
// DatabasePersistenceManager PUTs its whole create payload, `plugin_id` and all).
export const createStateBody = z.object({
  plugin_id: text(200),
  page_id: recordId.nullable().optional(),
  state_key: text(200).nullable().optional(),
  state_strategy: stateStrategy.default('persistent'),
  state_data: stateData,
  ttl_expires_at: ttlExpiresAt.nullable().optional(),
  device_id: text(200).nullable().optional(),
  state_schema_version: text(50).nullable().optional(),
  is_active: z.boolean().default(true),
})
export type CreateStateBody = z.output<typeof createStateBody>

export const updateStateBody = z.object({
  /** Left out: the stored data stays (BrainDrive's `PluginStateUpdate` makes every field optional). */
  state_data: stateData.optional(),
  state_strategy: stateStrategy.optional(),
  /** `null` removes the expiry. */
  ttl_expires_at: ttlExpiresAt.nullable().optional(),
  is_active: z.boolean().optional(),
  device_id: text(200).nullable().optional(),
  state_schema_version: text(50).nullable().optional(),
})

export const bulkStateBody = z.object({
  states: z.array(createStateBody).min(1).max(MAX_BULK_STATES),
})

/** BrainDrive's `PluginStateQuery`: `limit` 1..1000 (default 100) and `offset`, as a bare array. */
export const MAX_STATE_LIST = 1000
export const listStatesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_STATE_LIST).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  plugin_id: z.string().optional(),
  page_id: recordId.optional(),
  state_key: z.string().optional(),
  state_strategy: stateStrategy.optional(),
  sync_status: z.string().optional(),
  is_active: booleanQuery.optional(),
  device_id: z.string().optional(),
})

export const pluginStateSchema = z
  .object({
    id: z.uuid(),
    user_id: z.string(),
    plugin_id: z.string(),
    page_id: z.uuid().nullable(),
    state_key: z.string().nullable(),
    state_strategy: stateStrategy,
    state_data: z.record(z.string(), z.unknown()),
    ttl_expires_at: z.iso.datetime().nullable(),
    device_id: z.string().nullable(),
    state_schema_version: z.string().nullable(),
    sync_status: z.enum(['pending', 'local']),
    is_active: z.boolean(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'PluginState' })

export const pluginStateStatsSchema = z
  .object({
    total_states: z.int().min(0),
    active_states: z.int().min(0),
    /** BrainDrive's names: the clients read these. `total_size` is `total_bytes`. */
    total_size: z.int().min(0),
    plugins_with_state: z.int().min(0),
    average_state_size: z.number().min(0),
    last_activity: z.iso.datetime().nullable(),
    expired_states: z.int().min(0),
    total_bytes: z.int().min(0),
    by_strategy: z.record(z.string(), z.int().min(0)),
    by_plugin: z.array(z.object({ plugin_id: z.string(), states: z.int().min(0), bytes: z.int().min(0) })),
  })
  .meta({ id: 'PluginStateStats' })
