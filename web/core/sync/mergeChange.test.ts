import { describe, expect, it } from 'vitest'
import { canonicalJson } from './canonicalJson'
import { formatHlc, parseHlc } from './Hlc'
import { mergeChange } from './mergeChange'
import { MAX_CONFLICTS, mergeRecords } from './mergeRecords'
import { seededRandom, type Random } from './seededRandom'
import { openConflicts, type SyncChange, type SyncRecord } from './SyncRecord'

const at = (wall: number, node: string, counter = 0) => formatHlc({ wall, counter, node })
const edit = (hlc: string, fields: Record<string, unknown>, deleted?: boolean): SyncChange => ({
  kind: 'note',
  id: 'n1',
  fields: Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, { value, hlc }])),
  ...(deleted === undefined ? {} : { deleted: { value: deleted, hlc } }),
})
const fold = (changes: readonly SyncChange[], start?: SyncRecord): SyncRecord | undefined =>
  changes.reduce<SyncRecord | undefined>((record, change) => mergeChange(record, change).record, start)

describe('mergeChange', () => {
  it('creates a record from its first change', () => {
    const { record, changed } = mergeChange(undefined, edit(at(1, 'a'), { title: 'T' }, false))
    expect(changed).toBe(true)
    expect(record).toEqual({
      kind: 'note',
      id: 'n1',
      fields: { title: { value: 'T', hlc: at(1, 'a') } },
      deleted: { value: false, hlc: at(1, 'a') },
      conflicts: [],
    })
  })

  it('lets the higher stamp win per field and keeps the loser from another device where the user can see it', () => {
    const base = fold([edit(at(1, 'laptop'), { title: 'draft', body: 'b1' })])
    const late = edit(at(5, 'phone'), { title: 'phone title' })
    const stale = edit(at(3, 'laptop'), { title: 'laptop title', body: 'b2' })
    const record = fold([late, stale], base) as SyncRecord
    expect(record.fields.title).toEqual({ value: 'phone title', hlc: at(5, 'phone') })
    expect(record.fields.body).toEqual({ value: 'b2', hlc: at(3, 'laptop') }) // no one else wrote body
    // The laptop's overwritten draft is history (one kept per device and field, the newest).
    expect(record.conflicts).toEqual([
      { field: 'body', value: 'b1', hlc: at(1, 'laptop'), lost_to: at(3, 'laptop') },
      { field: 'title', value: 'laptop title', hlc: at(3, 'laptop'), lost_to: at(5, 'phone') },
    ])
    expect(openConflicts(record)).toEqual([
      { field: 'title', value: 'laptop title', hlc: at(3, 'laptop'), lost_to: at(5, 'phone') },
    ])
  })

  it('moves lost_to along when a newer write replaces the winner', () => {
    const record = fold([edit(at(1, 'a'), { t: 1 }), edit(at(2, 'b'), { t: 2 }), edit(at(3, 'c'), { t: 3 })])
    expect(record?.conflicts.map((c) => [c.value, c.lost_to])).toEqual([
      [1, at(3, 'c')],
      [2, at(3, 'c')],
    ])
  })

  it('treats the tombstone like a field: the later of delete and edit wins', () => {
    const deleted = fold([edit(at(1, 'a'), { t: 'x' }, false), edit(at(2, 'b'), {}, true)]) as SyncRecord
    expect(deleted.deleted).toEqual({ value: true, hlc: at(2, 'b') })
    expect(deleted.fields.t?.value).toBe('x') // kept for a restore
    expect(fold([edit(at(1, 'c'), { t: 'old' }, false)], deleted)?.deleted?.value).toBe(true)
    expect(fold([edit(at(3, 'c'), { t: 'new' }, false)], deleted)?.deleted?.value).toBe(false)
  })

  it('says unchanged for a change merged twice, and for a stale write already superseded by its own device', () => {
    const change = edit(at(2, 'a'), { t: 'x' })
    const once = mergeChange(undefined, change).record
    expect(mergeChange(once, change)).toEqual({ record: once, changed: false })
    const newer = fold([edit(at(3, 'a'), { t: 'y' })], once) as SyncRecord
    expect(mergeChange(newer, edit(at(1, 'a'), { t: 'z' })).changed).toBe(false)
  })

  it('refuses a change for another record', () => {
    const record = fold([edit(at(1, 'a'), { t: 1 })])
    expect(() => mergeChange(record, { ...edit(at(2, 'a'), { t: 2 }), id: 'other' })).toThrow()
  })

  it('keeps at most one loser per field and device, and at most MAX_CONFLICTS per record', () => {
    const changes: SyncChange[] = []
    for (let i = 0; i < 40; i++) changes.push(edit(at(i + 1, `node${i % 15}`), { [`f${i % 3}`]: i }))
    const record = fold(changes) as SyncRecord
    expect(record.conflicts).toHaveLength(MAX_CONFLICTS)
    const groups = record.conflicts.map((c) => `${c.field}/${parseHlc(c.hlc).node}`)
    expect(new Set(groups).size).toBe(groups.length)
    // Write i goes to field i % 3 from node i % 15, so group = i % 15: the newest per group are
    // writes 25..39, of which 37..39 are the winners; the 10 newest of the other 12 are 27..36.
    expect(record.conflicts.map((c) => parseHlc(c.hlc).wall - 1)).toEqual([
      27, 28, 29, 30, 31, 32, 33, 34, 35, 36,
    ])
  })
})

function randomChanges(rng: Random, count: number): SyncChange[] {
  const nodes = ['a', 'b', 'c']
  return Array.from({ length: count }, () => {
    // Few walls and counters, so different writes share them (ties broken by node).
    const hlc = at(rng.int(1, 6), rng.pick(nodes), rng.int(0, 1))
    const fields: Record<string, unknown> = {}
    for (const name of rng.shuffle(['t', 'u', 'v', 'w']).slice(0, rng.int(0, 3))) {
      fields[name] = rng.chance(0.3) ? { n: rng.int(0, 2) } : rng.int(0, 3)
    }
    const roll = rng.next()
    return edit(hlc, fields, roll < 0.2 ? true : roll < 0.6 ? false : undefined)
  })
}

/** One value per stamp, as a real node would write: a later duplicate stamp reuses the first's values. */
function consistent(changes: SyncChange[]): SyncChange[] {
  const byStamp = new Map<string, unknown>()
  return changes.map((change) => {
    const fields = Object.fromEntries(
      Object.entries(change.fields).map(([name, s]) => {
        const key = `${s.hlc}/${name}`
        if (!byStamp.has(key)) byStamp.set(key, s.value)
        return [name, { value: byStamp.get(key), hlc: s.hlc }]
      }),
    )
    const deletedKey = `${change.deleted?.hlc}/$deleted`
    if (change.deleted && !byStamp.has(deletedKey)) byStamp.set(deletedKey, change.deleted.value)
    const deleted = change.deleted && { value: byStamp.get(deletedKey), hlc: change.deleted.hlc }
    return deleted ? { ...change, fields, deleted } : { ...change, fields }
  })
}

describe('mergeChange properties (seeded)', () => {
  const rng = seededRandom(20_260_611)
  const runs = 300

  it('is commutative: any order of the same changes gives the same record, conflicts included', () => {
    for (let run = 0; run < runs; run++) {
      const changes = consistent(randomChanges(rng, rng.int(1, 12)))
      const expected = canonicalJson(fold(changes))
      for (let k = 0; k < 3; k++) expect(canonicalJson(fold(rng.shuffle(changes)))).toBe(expected)
    }
  })

  it('is associative: merging merged records in any grouping gives the same record', () => {
    for (let run = 0; run < runs; run++) {
      const changes = consistent(randomChanges(rng, 9))
      const [a, b, c] = [
        fold(changes.slice(0, 3)),
        fold(changes.slice(3, 6)),
        fold(changes.slice(6)),
      ] as SyncRecord[]
      const left = mergeRecords(mergeRecords(a, b as SyncRecord), c as SyncRecord)
      const right = mergeRecords(a, mergeRecords(b, c as SyncRecord))
      expect(canonicalJson(left)).toBe(canonicalJson(right))
      expect(canonicalJson(left)).toBe(canonicalJson(fold(changes)))
    }
  })

  it('is idempotent: a change merged again changes nothing', () => {
    for (let run = 0; run < runs; run++) {
      const changes = consistent(randomChanges(rng, rng.int(1, 10)))
      const record = fold(changes) as SyncRecord
      for (const change of changes) expect(mergeChange(record, change)).toEqual({ record, changed: false })
      expect(canonicalJson(mergeRecords(record, record))).toBe(canonicalJson(record))
    }
  })
})
