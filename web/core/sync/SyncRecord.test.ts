import { describe, expect, it } from 'vitest'
import { formatHlc } from './Hlc'
import { isLive, openConflicts, recordValues, type SyncRecord } from './SyncRecord'

const at = (wall: number, node: string) => formatHlc({ wall, counter: 0, node })

const record: SyncRecord = {
  kind: 'note',
  id: 'n1',
  fields: { title: { value: 'B', hlc: at(3, 'phone') }, body: { value: 'x', hlc: at(1, 'laptop') } },
  deleted: { value: false, hlc: at(3, 'phone') },
  conflicts: [
    { field: 'title', value: 'A', hlc: at(2, 'laptop'), lost_to: at(3, 'phone') }, // another device: open
    { field: 'title', value: 'C', hlc: at(1, 'phone'), lost_to: at(3, 'phone') }, // own edit: history
    { field: 'title', value: 'B', hlc: at(1, 'tablet'), lost_to: at(3, 'phone') }, // same value: no conflict
  ],
}

describe('SyncRecord helpers', () => {
  it('reads values and liveness', () => {
    expect(recordValues(record)).toEqual({ title: 'B', body: 'x' })
    expect(isLive(record)).toBe(true)
    expect(isLive({ ...record, deleted: null })).toBe(true)
    expect(isLive({ ...record, deleted: { value: true, hlc: at(4, 'a') } })).toBe(false)
  })

  it('shows as open only losing values from another device that differ from the current one', () => {
    expect(openConflicts(record).map((c) => c.value)).toEqual(['A'])
  })
})
