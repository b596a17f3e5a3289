import { canonicalJson } from '../../web/core/sync/canonicalJson'
import type { StoredRecord } from '../../web/core/store/StoredRecord'
import type { BenchDevice } from './openBenchDevice'

/** A record's data without `user_id`: each host names the person its own way (SyncApplier sets it). */
function comparable(data: Record<string, unknown>): string {
  const { user_id: _owner, ...rest } = data
  return canonicalJson(rest)
}

/** Throws unless the device's store holds exactly `expected` (by kind), each with the same data. */
export async function expectRecordsSynced(
  device: BenchDevice,
  expected: readonly StoredRecord[],
): Promise<void> {
  const kinds = new Set(expected.map((record) => record.kind))
  const held = new Map<string, string>()
  for (const kind of kinds) {
    for (const record of await device.plain.records.listRecords(kind)) {
      held.set(`${kind}/${record.id}`, comparable(record.data))
    }
  }
  if (held.size !== expected.length) {
    throw new Error(`the new device holds ${held.size} platform records, not ${expected.length}`)
  }
  for (const record of expected) {
    if (held.get(`${record.kind}/${record.id}`) !== comparable(record.data)) {
      throw new Error(`the new device differs on ${record.kind}/${record.id}`)
    }
  }
  if (device.errors.length > 0) throw device.errors[0]
}
