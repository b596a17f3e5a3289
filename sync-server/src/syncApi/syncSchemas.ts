import { z } from 'zod'
import { booleanQuery } from '../../../web/core/api/platform/booleanQuery'
import { parseHlc } from '../../../web/core/sync/Hlc'

const isHlc = (value: string): boolean => {
  try {
    parseHlc(value)
    return true
  } catch {
    return false
  }
}

/** A hybrid logical clock stamp as `formatHlc` writes it; anything else is refused with 422. */
export const hlcSchema = z
  .string()
  .refine(isHlc, {
    message: 'must be a clock stamp: 15-digit wall ms, 6-digit counter, node (WWWWWWWWWWWWWWW-CCCCCC-node)',
  })
  .describe(
    'Hybrid logical clock stamp `<15-digit wall ms>-<6-digit counter>-<node>`; string order is clock order',
  )

export const fieldStampSchema = z.object({
  value: z.unknown().describe('The field’s JSON value (`null` clears it)'),
  hlc: hlcSchema,
})

export const syncChangeSchema = z.object({
  kind: z.string().min(1),
  id: z.string().min(1),
  fields: z.record(z.string(), fieldStampSchema),
  deleted: z
    .object({ value: z.boolean(), hlc: hlcSchema })
    .optional()
    .describe('The tombstone: `true` deletes, `false` (sent with every edit) says the record exists'),
})

export const mutationSchema = z.object({
  counter: z.int().min(1).describe('This client’s own mutation number: 1, 2, 3, ... without gaps'),
  change: syncChangeSchema,
})

export const MAX_PUSH_MUTATIONS = 500

export const pushBody = z.object({
  client_id: z.string().min(1).max(100).describe('A stable id of the pushing device (its replica)'),
  mutations: z.array(mutationSchema).max(MAX_PUSH_MUTATIONS),
})

export const pushRefusalSchema = z.object({
  counter: z.int(),
  reason: z.enum(['clock_drift', 'gap', 'invalid']),
  message: z.string(),
  driftMs: z.number().optional(),
})

export const pushResultSchema = z.object({
  acked: z.int().min(0).describe('Highest counter now applied for this client: forget mutations up to it'),
  cursor: z.int().min(0).describe('The log’s latest seq after this push'),
  refused: pushRefusalSchema.optional(),
})

export const syncRecordSchema = z.object({
  kind: z.string(),
  id: z.string(),
  fields: z.record(z.string(), fieldStampSchema),
  deleted: z.object({ value: z.boolean(), hlc: z.string() }).nullable(),
  conflicts: z.array(
    z.object({ field: z.string(), value: z.unknown(), hlc: z.string(), lost_to: z.string() }),
  ),
})

export const pullQuery = z.object({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  resync: booleanQuery.default(false),
})

export const pullResultSchema = z.object({
  changes: z.array(z.object({ seq: z.int().min(1), record: syncRecordSchema })),
  cursor: z.int().min(0).describe('Where the next pull starts'),
  more: z.boolean(),
  reset: z.literal(true).optional().describe('Drop the cursor and pull everything from 0 with `resync=true`'),
})
