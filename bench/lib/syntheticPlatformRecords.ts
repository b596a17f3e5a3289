import type { StoredRecord } from '../../web/core/store/StoredRecord'
import { syntheticSyncRecords } from './syntheticSyncRecords'

/** The synthetic kinds as the platform kinds that sync (`SYNCED_RECORD_KINDS`). */
const PLATFORM_KIND: Record<string, string> = {
  conversation: 'conversation',
  message: 'message',
  tag: 'tag',
  persona: 'persona',
  page: 'page',
  setting: 'setting_instance',
}

/**
 * `count` platform records (conversations, messages, tags, personas, pages, setting instances), the
 * same for the same seed: `syntheticSyncRecords`' fields as each record's data. Written through a
 * SyncedStore they sync as the app's own records do, and a device applies them to its store.
 */
export function syntheticPlatformRecords(count: number, seed: number): StoredRecord[] {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString()
  return syntheticSyncRecords(count, seed).map((record) => {
    const kind = PLATFORM_KIND[record.kind]
    if (!kind) throw new Error(`no platform kind for ${record.kind}`)
    return { kind, id: record.id, parent_id: null, data: record.fields, created_at: at, updated_at: at }
  })
}
