import { canonicalJson } from './canonicalJson'
import { mergeChange } from './mergeChange'
import type { SyncChange, SyncRecord } from './SyncRecord'

const keyOf = (r: { kind: string; id: string }): string => `${r.kind}/${r.id}`

/** The record has this write, or a later one, in every field it wrote and in its tombstone. */
function holds(record: SyncRecord | undefined, change: SyncChange): boolean {
  if (!record) return false
  const fields = Object.entries(change.fields).every(([name, s]) => (record.fields[name]?.hlc ?? '') >= s.hlc)
  return fields && (!change.deleted || (record.deleted?.hlc ?? '') >= change.deleted.hlc)
}

/**
 * No acknowledged write is lost: each field (and the tombstone) on the server is that write or a
 * higher stamp, unless compaction dropped a version of the record that still had it (the delete won
 * and its retention passed: forgotten on purpose, counted in `forgotten`). And a record never
 * compacted equals all its acknowledged writes merged from scratch, conflicts included.
 */
export function checkAcknowledged(
  serverRecords: readonly SyncRecord[],
  acknowledged: readonly SyncChange[],
  compacted: readonly SyncRecord[],
): { problems: string[]; forgotten: number } {
  const problems: string[] = []
  let forgotten = 0
  const server = new Map(serverRecords.map((r) => [keyOf(r), r]))
  const dropped = new Map<string, SyncRecord[]>()
  for (const record of compacted) dropped.set(keyOf(record), [...(dropped.get(keyOf(record)) ?? []), record])
  const byRecord = new Map<string, SyncChange[]>()
  for (const change of acknowledged) {
    const key = keyOf(change)
    byRecord.set(key, [...(byRecord.get(key) ?? []), change])
    if (holds(server.get(key), change)) continue
    if ((dropped.get(key) ?? []).some((record) => holds(record, change))) forgotten++
    else problems.push(`acknowledged write lost: ${canonicalJson(change)}`)
  }
  for (const [key, changes] of byRecord) {
    if (dropped.has(key)) continue
    let expected: SyncRecord | undefined
    for (const change of changes) expected = mergeChange(expected, change).record
    const actual = server.get(key)
    if (expected && actual && canonicalJson(expected) !== canonicalJson(actual)) {
      problems.push(`${key} on the server is not the merge of its acknowledged writes`)
    }
  }
  return { problems, forgotten }
}
