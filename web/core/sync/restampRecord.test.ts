import { describe, expect, it } from 'vitest'
import { formatHlc } from './Hlc'
import { restampRecord } from './restampRecord'
import type { SyncRecord } from './SyncRecord'

const at = (wall: number, node: string) => formatHlc({ wall, counter: 0, node })

describe('restampRecord', () => {
  it('replaces the withdrawn stamps and lets a write re-stamped lower lose again', () => {
    const far = at(9_000_000, 'me')
    const record: SyncRecord = {
      kind: 'note',
      id: 'n1',
      fields: { title: { value: 'mine', hlc: far }, body: { value: 'b', hlc: far } },
      deleted: { value: false, hlc: far },
      conflicts: [{ field: 'title', value: 'theirs', hlc: at(1_000, 'other'), lost_to: far }],
    }
    const restamped = restampRecord(record, new Map([[far, at(900, 'me')]]))
    expect(restamped.fields).toEqual({
      title: { value: 'theirs', hlc: at(1_000, 'other') },
      body: { value: 'b', hlc: at(900, 'me') },
    })
    expect(restamped.deleted).toEqual({ value: false, hlc: at(900, 'me') })
    expect(restamped.conflicts).toEqual([
      { field: 'title', value: 'mine', hlc: at(900, 'me'), lost_to: at(1_000, 'other') },
    ])
  })
})
