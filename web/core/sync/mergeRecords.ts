import { canonicalJson } from './canonicalJson'
import { parseHlc } from './Hlc'
import type { Conflict, FieldStamp, SyncRecord } from './SyncRecord'

/** At most this many losing writes are kept per record (the newest, see `buildRecord`). */
export const MAX_CONFLICTS = 10

/** One write of one field, wherever it sits in a record (current value or conflict). */
export interface FieldWrite {
  field: string
  value: unknown
  hlc: string
}

/**
 * `a` beats `b`: the higher stamp. Equal stamps are the same write (stamps are unique per node), so
 * their values are equal; if a buggy node ever reused a stamp, the larger canonical JSON wins, so
 * merging still gives the same answer in every order.
 */
export function beats(a: FieldStamp, b: FieldStamp): boolean {
  if (a.hlc !== b.hlc) return a.hlc > b.hlc
  return a.value !== b.value && canonicalJson(a.value) > canonicalJson(b.value)
}

function laterStamp(a: FieldStamp | null, b: FieldStamp | null): FieldStamp | null {
  if (!a) return b
  if (!b) return a
  return beats(b, a) ? b : a
}

/** Every write a record knows about: its current values and its kept losers. */
export function writesOf(record: SyncRecord): FieldWrite[] {
  const writes: FieldWrite[] = Object.entries(record.fields).map(([field, s]) => ({ field, ...s }))
  for (const c of record.conflicts) writes.push({ field: c.field, value: c.value, hlc: c.hlc })
  return writes
}

/**
 * The record that a set of writes comes to. Per field the highest stamp wins. Of the losers, one per
 * (field, writing node) is kept, the newest, and of those the `MAX_CONFLICTS` newest overall.
 *
 * Why this rule: it is a function of the set of writes seen, and dropping a loser early never changes
 * the outcome (a loser dropped here is beaten within its group, or by `MAX_CONFLICTS` newer groups,
 * and stays so whatever arrives later). So merging is commutative, associative and idempotent
 * including the conflict list, and every replica that has seen the same writes holds the same record.
 * Keeping one per node keeps a device's burst of edits to one field (typing) from pushing another
 * device's losing value out of the list; `openConflicts` then shows only the losers from other
 * devices with a different value. Losers of the tombstone are not kept: the fields of a deleted
 * record stay in it, so an edit that lost to a delete is still there if the record is restored.
 */
export function buildRecord(
  kind: string,
  id: string,
  writes: Iterable<FieldWrite>,
  deleted: FieldStamp | null,
): SyncRecord {
  const winners = new Map<string, FieldWrite>()
  const all = new Map<string, FieldWrite>() // by field and stamp: the same write seen twice is one
  for (const write of writes) {
    const key = `${write.hlc}\u0000${write.field}`
    const known = all.get(key)
    if (!known || beats(write, known)) all.set(key, write)
    const winner = winners.get(write.field)
    if (!winner || beats(write, winner)) winners.set(write.field, write)
  }
  const newestPerNode = new Map<string, FieldWrite>()
  for (const write of all.values()) {
    if (winners.get(write.field)?.hlc === write.hlc) continue
    const group = `${write.field}\u0000${parseHlc(write.hlc).node}`
    const kept = newestPerNode.get(group)
    if (!kept || write.hlc > kept.hlc) newestPerNode.set(group, write)
  }
  const conflicts: Conflict[] = [...newestPerNode.values()]
    .sort((a, b) => compareWrites(b, a))
    .slice(0, MAX_CONFLICTS)
    .sort(compareWrites)
    .map((w) => ({ field: w.field, value: w.value, hlc: w.hlc, lost_to: winners.get(w.field)?.hlc ?? '' }))
  const fields = Object.fromEntries(
    [...winners.values()]
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0))
      .map((w) => [w.field, { value: w.value, hlc: w.hlc }]),
  )
  return { kind, id, fields, deleted: deleted ? { value: deleted.value, hlc: deleted.hlc } : null, conflicts }
}

function compareWrites(a: FieldWrite, b: FieldWrite): number {
  if (a.hlc !== b.hlc) return a.hlc < b.hlc ? -1 : 1
  return a.field < b.field ? -1 : a.field > b.field ? 1 : 0
}

/** Both replicas' knowledge of one record, merged (`local` may be absent: a record not seen yet). */
export function mergeRecords(local: SyncRecord | undefined, remote: SyncRecord): SyncRecord {
  if (local && (local.kind !== remote.kind || local.id !== remote.id)) {
    throw new Error(`Cannot merge ${remote.kind}/${remote.id} into ${local.kind}/${local.id}`)
  }
  const writes = local ? [...writesOf(local), ...writesOf(remote)] : writesOf(remote)
  return buildRecord(remote.kind, remote.id, writes, laterStamp(local?.deleted ?? null, remote.deleted))
}

function sameStamp(a: FieldStamp | null | undefined, b: FieldStamp | null | undefined): boolean {
  if (!a || !b) return !a && !b
  return a.hlc === b.hlc && (a.value === b.value || canonicalJson(a.value) === canonicalJson(b.value))
}

/** Whether two versions of a record hold the same writes (what a store would need to rewrite). */
export function sameRecord(a: SyncRecord, b: SyncRecord): boolean {
  const names = Object.keys(a.fields)
  if (names.length !== Object.keys(b.fields).length) return false
  if (!names.every((name) => sameStamp(a.fields[name], b.fields[name]))) return false
  if (!sameStamp(a.deleted, b.deleted)) return false
  if (a.conflicts.length !== b.conflicts.length) return false
  return a.conflicts.every((c, i) => {
    const d = b.conflicts[i]
    return !!d && c.field === d.field && c.lost_to === d.lost_to && sameStamp(c, d)
  })
}
