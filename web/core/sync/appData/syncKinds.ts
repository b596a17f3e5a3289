import { z } from 'zod'
import { RECORD_KINDS, recordKindOf } from './recordKinds'
import type { StoredRecord } from '../../store/StoredRecord'

/**
 * Which of the app's records sync, under which sync kind, and the shape their values must have when
 * they arrive (a pushed or pulled record is input: a careless or hostile device may send anything).
 * DESIGN.md section 3: collections, documents (with their chunks and vectors, see chunkBlob.ts),
 * chat sessions and messages, settings and the platform records. Evaluation runs, jobs, users and
 * credentials stay where they are.
 */
export const SYNC_KIND = {
  collection: 'collection',
  document: 'document',
  session: 'chat_session',
  message: 'chat_message',
  settings: 'settings',
} as const

/** The one settings record's id. */
export const SETTINGS_ID = 'settings'

const RECORD_PREFIX = 'record:'

/** A platform record's sync kind: `record:<kind>`, apart from the app's own kinds. */
export function recordSyncKind(kind: string): string {
  return RECORD_PREFIX + kind
}

/** The platform kind of a `record:<kind>` sync kind; undefined for the app's own kinds. */
export function platformKindOf(syncKind: string): string | undefined {
  return syncKind.startsWith(RECORD_PREFIX) ? syncKind.slice(RECORD_PREFIX.length) || undefined : undefined
}

/**
 * The platform kinds whose records may sync (a record of another kind never leaves its host), from
 * the kinds' declarations (`recordKinds.ts`).
 */
export const SYNCED_RECORD_KINDS: readonly string[] = RECORD_KINDS.filter((k) => k.sync !== 'never').map(
  (k) => k.kind,
)

/** Whether a record syncs, as its kind's declaration says (plugin state: only when persistent). */
export function recordSyncs(record: Pick<StoredRecord, 'kind' | 'data'>): boolean {
  return recordKindOf(record.kind)?.syncs(record) ?? false
}

/** Document fields that sync: the rest (`progress`) is this device's processing, not the document. */
export const DOCUMENT_FIELDS = [
  'filename',
  'original_filename',
  'file_path',
  'file_size',
  'document_type',
  'collection_id',
  'status',
  'created_at',
  'processed_at',
  'metadata',
  'chunk_count',
] as const
/** The document's chunk blob key (null: no chunks), a sync field beside the document's own. */
export const CHUNKS_FIELD = 'chunks_blob'

const id = z.string().min(1).max(200)
const time = z.string().min(1).max(64)
const sha = z.string().regex(/^[0-9a-f]{64}$/)

export const collectionValues = z.object({
  name: z.string(),
  description: z.string(),
  color: z.string().nullable(),
  created_at: time,
  updated_at: time,
})

export const documentValues = z.object({
  filename: z.string().min(1),
  original_filename: z.string(),
  file_path: z.string().regex(/^files\/[0-9a-f]{64}$/),
  file_size: z.number().int().nonnegative(),
  document_type: z.string(),
  collection_id: id,
  status: z.enum(['completed', 'failed']),
  created_at: time,
  processed_at: time.nullable(),
  metadata: z.record(z.string(), z.unknown()),
  chunk_count: z.number().int().nonnegative(),
  [CHUNKS_FIELD]: sha.nullable(),
})

export const sessionValues = z.object({
  name: z.string(),
  collection_id: id.nullable(),
  created_at: time,
  updated_at: time,
})

export const messageValues = z.object({
  session_id: id,
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: time,
  collection_id: id.nullable(),
})

export const recordValues = z.object({
  parent_id: id.nullable(),
  created_at: time,
  updated_at: time,
})
