import type { ApiPorts } from '../../ApiPorts'
import type { RecordPorts } from '../../../records/platformRecords'
import type { RecordWrite, StoredRecord } from '../../../store/StoredRecord'
import { toTimestamp } from '../../../kernel/time/Clock'
import { pluginStateKind } from '../../../records/kinds/pluginStateKind'
import type { CreateStateBody } from './pluginStateSchemas'

/**
 * Whether a state's `ttl_expires_at` has passed. An expired state is gone for readers at once
 * (404, left out of lists) even while `DELETE /cleanup` has not removed it yet.
 */
export function isExpired(record: StoredRecord, now: number): boolean {
  const ttl = record.data.ttl_expires_at
  return typeof ttl === 'string' && Date.parse(ttl) <= now
}

/**
 * Only persistent states travel to the person's other devices (DESIGN.md section 3): they wait as
 * `pending` until synced; the others never leave this host (`local`).
 */
export function syncStatus(strategy: string): 'pending' | 'local' {
  return strategy === 'persistent' ? 'pending' : 'local'
}

/** A state is addressed by plugin, page, key and device: saving the same address again replaces it. */
function addressOf(data: Record<string, unknown>): string {
  return JSON.stringify([
    data.plugin_id,
    data.page_id ?? null,
    data.state_key ?? null,
    data.device_id ?? null,
  ])
}

function fieldsOf(body: CreateStateBody, userId: string) {
  return {
    user_id: userId,
    plugin_id: body.plugin_id,
    page_id: body.page_id ?? null,
    state_key: body.state_key ?? null,
    state_strategy: body.state_strategy,
    state_data: body.state_data,
    ttl_expires_at: body.ttl_expires_at ?? null,
    device_id: body.device_id ?? null,
    state_schema_version: body.state_schema_version ?? null,
    sync_status: syncStatus(body.state_strategy),
    is_active: body.is_active,
  }
}

export interface SavedStates {
  /** One per body, in order (a later body with the same address as an earlier one shares its record). */
  records: StoredRecord[]
  created: number
  updated: number
  writes: RecordWrite[]
}

/**
 * Creates or replaces states by address, to be written in one batch. A live state at the same
 * address keeps its id and `created_at`; an expired one is deleted and a fresh state takes its place,
 * since for its readers it no longer existed.
 */
export async function saveStates(
  ports: Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts,
  bodies: readonly CreateStateBody[],
): Promise<SavedStates> {
  const userId = await ports.currentUserId()
  const now = ports.clock.now()
  const byAddress = new Map<string, StoredRecord>()
  const writes: RecordWrite[] = []
  const expired = new Map<string, StoredRecord>()
  for (const record of await pluginStateKind.list(ports)) {
    ;(isExpired(record, now) ? expired : byAddress).set(addressOf(record.data), record)
  }
  const saved: SavedStates = { records: [], created: 0, updated: 0, writes }
  const touched = new Map<string, StoredRecord>()
  for (const body of bodies) {
    const data = fieldsOf(body, userId)
    const address = addressOf(data)
    const existing = touched.get(address) ?? byAddress.get(address)
    let record: StoredRecord
    if (existing) {
      record = { ...existing, data, updated_at: toTimestamp(ports.clock.now()) }
      if (!touched.has(address)) saved.updated += 1
    } else {
      const stale = expired.get(address)
      if (stale) writes.push({ delete: { kind: pluginStateKind.kind, id: stale.id } })
      record = pluginStateKind.create(ports, data)
      saved.created += 1
    }
    touched.set(address, record)
    saved.records.push(record)
  }
  // The last version of each address is what is stored; earlier ones in the batch are superseded.
  for (const record of touched.values()) writes.push({ put: record })
  saved.records = saved.records.map((record) => touched.get(addressOf(record.data)) ?? record)
  return saved
}
