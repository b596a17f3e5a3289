import type { ChatMessage } from '../../store/ChatMessage'
import type { ChatSession } from '../../store/ChatSession'
import type { Collection } from '../../store/Collection'
import type { DocumentRecord } from '../../store/DocumentRecord'
import type { StoredRecord } from '../../store/StoredRecord'
import { withKeySettingForm } from '../../secrets/keySettingValue'
import { secretNamesOf, withoutSecrets } from '../../secrets/secretFields'
import { prefixed } from './syncFields'
import { CHUNKS_FIELD, DOCUMENT_FIELDS } from './syncKinds'

/**
 * The values of each of the app's records as they sync: what the record is, without what a store
 * derives (`document_count`, `processed_count`, `message_count`) or what only concerns this device (`progress`).
 */
export function collectionValuesOf(collection: Collection): Record<string, unknown> {
  const { id: _id, document_count: _count, processed_count: _processed, ...values } = collection
  return values
}

export function documentValuesOf(
  document: DocumentRecord,
  chunksKey: string | null,
): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries(
    DOCUMENT_FIELDS.map((name) => [name, document[name]]),
  )
  values[CHUNKS_FIELD] = chunksKey
  return values
}

export function sessionValuesOf(session: ChatSession): Record<string, unknown> {
  const { id: _id, message_count: _count, ...values } = session
  return values
}

export function messageValuesOf(message: ChatMessage): Record<string, unknown> {
  const { id: _id, ...values } = message
  return values
}

/**
 * A platform record as it syncs: its place and times, and each of its data fields as `data.<name>`,
 * without API keys (keys never sync; each host keeps its own, see SyncApplier).
 */
export function syncedRecordValues(record: StoredRecord): Record<string, unknown> {
  return {
    parent_id: record.parent_id,
    created_at: record.created_at,
    updated_at: record.updated_at,
    ...prefixed(withoutSecrets(withKeySettingForm(record.data), secretNamesOf(record.kind)), DATA_PREFIX),
  }
}

export const DATA_PREFIX = 'data.'

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * "Every message of a session" as a `listMessages` limit: IndexedDB takes a count of at most
 * 2^32 - 1 (more throws a TypeError), and no session holds that many.
 */
export const ALL_MESSAGES = 2 ** 32 - 1
