import { describe, expect, it } from 'vitest'
import { formatHlc } from '../Hlc'
import type { SyncRecord } from '../SyncRecord'
import { conflictKey, conflictViews } from './conflictViews'

const stamp = (wall: number, node: string) => formatHlc({ wall, counter: 0, node })

function collection(conflicts: SyncRecord['conflicts']): SyncRecord {
  return {
    kind: 'collection',
    id: 'c1',
    fields: {
      name: { value: ['From the phone'], hlc: stamp(2000, 'phone') },
      updated_at: { value: ['2026-02-01T00:00:00.000Z'], hlc: stamp(2000, 'phone') },
    },
    deleted: { value: false, hlc: stamp(1000, 'laptop') },
    conflicts,
  }
}

describe('conflictViews', () => {
  it('shows a losing write of another device with the value it lost to, newest first', () => {
    const older = {
      field: 'name',
      value: ['Older laptop name'],
      hlc: stamp(1000, 'laptop'),
      lost_to: stamp(2000, 'phone'),
    }
    const newer = {
      field: 'name',
      value: ['From the laptop'],
      hlc: stamp(1500, 'tablet'),
      lost_to: stamp(2000, 'phone'),
    }
    const views = conflictViews([collection([older, newer])], new Set())
    expect(views).toEqual([
      {
        conflict_id: conflictKey({ kind: 'collection', id: 'c1', field: 'name', hlc: newer.hlc }),
        kind: 'collection',
        id: 'c1',
        field: 'name',
        what: 'collection',
        title: 'From the phone',
        lost: {
          value: 'From the laptop',
          removed: false,
          at: new Date(1500).toISOString(),
          device: 'tablet',
        },
        current: {
          value: 'From the phone',
          removed: false,
          at: new Date(2000).toISOString(),
          device: 'phone',
        },
      },
      expect.objectContaining({ lost: expect.objectContaining({ value: 'Older laptop name' }) }),
    ])
  })

  it('leaves out a device’s own overwritten values, equal values and dismissed conflicts; names platform kinds', () => {
    const stampRace = {
      field: 'updated_at',
      value: ['2026-01-01'],
      hlc: stamp(1300, 'laptop'),
      lost_to: stamp(2000, 'phone'),
    }
    const own = { field: 'name', value: ['Draft'], hlc: stamp(1000, 'phone'), lost_to: stamp(2000, 'phone') }
    const same = {
      field: 'name',
      value: ['From the phone'],
      hlc: stamp(1100, 'laptop'),
      lost_to: stamp(2000, 'phone'),
    }
    expect(conflictViews([collection([own, same, stampRace])], new Set())).toEqual([])

    const removed = {
      field: 'data.avatar',
      value: [],
      hlc: stamp(1200, 'laptop'),
      lost_to: stamp(2000, 'phone'),
    }
    const persona: SyncRecord = {
      kind: 'record:persona',
      id: 'p1',
      fields: {
        'data.name': { value: ['Guide'], hlc: stamp(900, 'laptop') },
        'data.avatar': { value: ['owl'], hlc: stamp(2000, 'phone') },
      },
      deleted: null,
      conflicts: [removed],
    }
    const [view] = conflictViews([persona], new Set())
    expect(view).toMatchObject({
      what: 'persona',
      title: 'Guide',
      field: 'avatar',
      lost: { value: null, removed: true },
    })
    expect(conflictViews([persona], new Set([view!.conflict_id]))).toEqual([])
  })
})
