import { canonicalJson } from '../canonicalJson'
import type { SyncRecord } from '../SyncRecord'

/**
 * The app's records travel as sync fields, one per top-level field, so that edits of different
 * fields on two devices both survive (last writer wins per field). A value is sent wrapped, `[v]`,
 * and a field the record no longer has as `[]`: JSON has no `undefined`, and `null` is a value of
 * its own (a cleared `persona_id` is not an absent one).
 */
export type WrappedValue = [unknown] | []

/**
 * The sync fields that take `next` from `previous` (every field of `next` when there is no
 * previous): changed or new ones wrapped, removed ones as `[]`. Empty when nothing changed.
 */
export function toSyncFields(
  next: Record<string, unknown>,
  previous?: Record<string, unknown>,
): Record<string, WrappedValue> {
  const fields: Record<string, WrappedValue> = {}
  for (const [name, value] of Object.entries(next)) {
    if (value === undefined) continue
    if (previous && name in previous && canonicalJson(previous[name]) === canonicalJson(value)) continue
    fields[name] = [value]
  }
  if (previous) {
    for (const name of Object.keys(previous)) {
      if (previous[name] !== undefined && next[name] === undefined) fields[name] = []
    }
  }
  return fields
}

/**
 * The record's current values, unwrapped. A field that is not a wrapped value (a careless or hostile
 * client's) is left out, as a removed one is: the kind's schema then decides whether that is fatal.
 */
export function fromSyncFields(record: Pick<SyncRecord, 'fields'>): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, stamp] of Object.entries(record.fields)) {
    const wrapped = stamp.value
    if (Array.isArray(wrapped) && wrapped.length === 1) values[name] = wrapped[0]
  }
  return values
}

/** `{a: 1}` under `prefix` is `{'data.a': 1}` (a platform record's data fields beside its own). */
export function prefixed(values: Record<string, unknown>, prefix: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [prefix + name, value]))
}

/** The values whose names start with `prefix`, without it. */
export function unprefixed(values: Record<string, unknown>, prefix: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, value]) => [name.slice(prefix.length), value]),
  )
}
