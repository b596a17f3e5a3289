import { canonicalJson } from '../../web/core/sync/canonicalJson'
import type { StoredRecord } from '../../web/core/store/StoredRecord'
import type { BenchDevice } from './openBenchDevice'

/** Throws unless the device's store holds exactly `expected` (by kind), each with the same data. */
export async function expectRecordsSynced(
  device: BenchDevice,
  expected: readonly StoredRecord[],
): Promise<void> {
  const kinds = new Set(expected.map((record) => record.kind))
  const held = new Map<string, string>()
  for (const kind of kinds) {
    for (const record of await device.plain.listRecords(kind)) {
      held.set(`${kind}/${record.id}`, canonicalJson(record.data))
    }
  }
  if (held.size !== expected.length) {
    throw new Error(`the new device holds ${held.size} platform records, not ${expected.length}`)
  }
  for (const record of expected) {
    if (held.get(`${record.kind}/${record.id}`) !== canonicalJson(record.data)) {
      throw new Error(`the new device differs on ${record.kind}/${record.id}`)
    }
  }
  if (device.errors.length > 0) throw device.errors[0]
}
