import { describe, expect, it } from 'vitest'
import { checkAcknowledged } from './checkAcknowledged'
import { formatHlc } from './Hlc'
import { mergeChange } from './mergeChange'
import type { SyncChange } from './SyncRecord'

const at = (wall: number) => formatHlc({ wall, counter: 0, node: 'a' })
const write = (wall: number, t: unknown, deleted?: boolean): SyncChange => ({
  kind: 'note',
  id: 'n',
  fields: { t: { value: t, hlc: at(wall) } },
  ...(deleted === undefined ? {} : { deleted: { value: deleted, hlc: at(wall) } }),
})

describe('checkAcknowledged', () => {
  const writes = [write(1, 'x', false), write(2, 'y')]
  const record = writes.reduce(
    (r, c) => mergeChange(r, c).record,
    mergeChange(undefined, {
      ...write(0, 'w'),
      fields: { t: { value: 'w', hlc: formatHlc({ wall: 0, counter: 0, node: 'b' }) } },
    }).record,
  )

  it('passes when the server holds every acknowledged write or a later one', () => {
    expect(checkAcknowledged([record], writes, [])).toEqual({
      problems: ['note/n on the server is not the merge of its acknowledged writes'], // b's write was never acknowledged
      forgotten: 0,
    })
    const exact = writes.reduce(
      (r, c) => mergeChange(r, c).record,
      mergeChange(undefined, writes[0] as SyncChange).record,
    )
    expect(checkAcknowledged([exact], writes, [])).toEqual({ problems: [], forgotten: 0 })
  })

  it('reports a write the server lost, unless compaction dropped a version that had it', () => {
    const lost = write(3, 'z')
    expect(checkAcknowledged([record], [lost], []).problems[0]).toMatch(/acknowledged write lost/)
    expect(checkAcknowledged([], [lost], []).problems[0]).toMatch(/acknowledged write lost/)
    const dropped = mergeChange(record, lost).record
    expect(checkAcknowledged([], [lost], [dropped])).toEqual({ problems: [], forgotten: 1 })
  })
})
