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

/** What each kind's records always carry (the kinds' declared `fields`), under the synthetic fields. */
const BASE: Record<string, Record<string, unknown>> = {
  conversation: { user_id: 'bench-user', conversation_type: 'chat' },
  message: { conversation_id: 'bench-conversation', sender: 'user', message: 'hello' },
  tag: { name: 'tag', color: '#64748b', user_id: 'bench-user' },
  persona: { name: 'persona', is_active: true },
  page: {
    name: 'page',
    route: '/page',
    route_segment: 'page',
    parent_route: null,
    parent_type: null,
    is_parent_page: false,
    description: null,
    icon: null,
    content: {},
    creator_id: 'bench-user',
    is_published: false,
  },
  setting_instance: { definition_id: 'general_settings' },
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
    const data = { ...BASE[kind], ...record.fields }
    return { kind, id: record.id, parent_id: null, data, created_at: at, updated_at: at }
  })
}
