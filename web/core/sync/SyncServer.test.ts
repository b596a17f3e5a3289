import { describe, expect, it } from 'vitest'
import { formatHlc, HlcClock } from './Hlc'
import { InMemorySyncServerStore } from './InMemorySyncServerStore'
import { SyncServer, type Mutation } from './SyncServer'

let now = 1_000_000
const at = (wall: number, node = 'c1') => formatHlc({ wall, counter: 0, node })
const mutation = (counter: number, id: string, fields: Record<string, unknown>, wall = now): Mutation => ({
  counter,
  change: {
    kind: 'note',
    id,
    fields: Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, { value, hlc: at(wall) }])),
  },
})
function setup() {
  const store = new InMemorySyncServerStore()
  return { store, server: new SyncServer(store, new HlcClock('server', () => now, 60_000)) }
}

describe('SyncServer.push', () => {
  it('applies each counter once: a retried push is skipped, an overlapping one applies only the new part', async () => {
    const { store, server } = setup()
    const first = [mutation(1, 'a', { t: 1 }), mutation(2, 'b', { t: 2 })]
    expect(await server.push('c1', first)).toEqual({ acked: 2, cursor: 2 })
    expect(await server.push('c1', first)).toEqual({ acked: 2, cursor: 2 }) // nothing re-applied
    expect(await server.push('c1', [first[1] as Mutation, mutation(3, 'a', { t: 3 })])).toEqual({
      acked: 3,
      cursor: 3,
    })
    expect((await store.getRecord('note', 'a'))?.fields.t?.value).toBe(3)
    expect(await store.appliedCounter('c1')).toBe(3)
    expect(await store.appliedCounter('c2')).toBe(0) // counters are per client
  })

  it('stores nothing of a push that fails part way, and all of it when sent again', async () => {
    const { store, server } = setup()
    const batch = [mutation(1, 'a', { t: 1 }), mutation(2, 'b', { t: 2 }), mutation(3, 'c', { t: 3 })]
    let heard = 0
    server.onPushed = async () => {
      if (++heard === 3) throw new Error('the database went away')
    }
    await expect(server.push('c1', batch)).rejects.toThrow('the database went away')
    expect(store.allRecords()).toEqual([])
    expect(await store.appliedCounter('c1')).toBe(0)
    expect(await store.latestSeq()).toBe(0)
    server.onPushed = undefined
    expect(await server.push('c1', batch)).toEqual({ acked: 3, cursor: 3 })
    expect(store.allRecords().map((record) => record.id)).toEqual(['a', 'b', 'c'])
  })

  it('merges two mutations of one record in a push in turn', async () => {
    const { store, server } = setup()
    const batch = [mutation(1, 'a', { t: 1, u: 'kept' }), mutation(2, 'a', { t: 2 }, now + 1)]
    expect(await server.push('c1', batch)).toEqual({ acked: 2, cursor: 2 })
    expect((await store.getRecord('note', 'a'))?.fields).toMatchObject({
      t: { value: 2 },
      u: { value: 'kept' },
    })
  })

  it('applies in counter order whatever order the batch came in', async () => {
    const { store, server } = setup()
    await server.push('c1', [mutation(2, 'a', { t: 'second' }, now + 1), mutation(1, 'a', { t: 'first' })])
    expect((await store.getRecord('note', 'a'))?.fields.t?.value).toBe('second')
  })

  it('refuses a gap and applies nothing past it', async () => {
    const { store, server } = setup()
    const result = await server.push('c1', [
      mutation(1, 'a', { t: 1 }),
      mutation(3, 'b', { t: 3 }),
      mutation(4, 'c', {}),
    ])
    expect(result.acked).toBe(1)
    expect(result.refused).toMatchObject({ counter: 3, reason: 'gap' })
    expect(await store.getRecord('note', 'b')).toBeUndefined()
  })

  it('refuses a stamp too far in the future: earlier mutations stand, later ones wait', async () => {
    const { store, server } = setup()
    const result = await server.push('c1', [
      mutation(1, 'a', { t: 1 }),
      mutation(2, 'b', { t: 2 }, now + 60_001),
      mutation(3, 'c', { t: 3 }),
    ])
    expect(result.acked).toBe(1)
    expect(result.refused).toMatchObject({ counter: 2, reason: 'clock_drift', driftMs: 60_001 })
    expect(await store.getRecord('note', 'b')).toBeUndefined()
    expect(await store.getRecord('note', 'c')).toBeUndefined()
    // Re-stamped within the limit, it goes through.
    expect((await server.push('c1', [mutation(2, 'b', { t: 2 }, now + 59_000)])).acked).toBe(2)
  })

  it('refuses a malformed change', async () => {
    const { server } = setup()
    const bad = {
      counter: 1,
      change: { kind: 'note', id: 'a', fields: { t: { value: 1, hlc: 'yesterday' } } },
    }
    expect((await server.push('c1', [bad])).refused).toMatchObject({ counter: 1, reason: 'invalid' })
    const noId = { counter: 1, change: { kind: 'note', id: '', fields: {} } }
    expect((await server.push('c1', [noId])).refused?.reason).toBe('invalid')
  })

  it('gives every applied mutation a new seq, even a stale write that changed nothing', async () => {
    const { server } = setup()
    await server.push('c1', [mutation(1, 'a', { t: 'new' }, now + 5)])
    await server.push('c2', [{ counter: 1, change: { kind: 'note', id: 'a', fields: {} } }])
    const { changes } = await server.pull(0)
    expect(changes.map((c) => c.seq)).toEqual([2])
  })

  it('keeps concurrent pushes to one record from losing a write', async () => {
    const { store, server } = setup()
    await Promise.all([
      server.push('c1', [mutation(1, 'a', { x: 1 })]),
      server.push('c2', [
        { counter: 1, change: { kind: 'note', id: 'a', fields: { y: { value: 2, hlc: at(now, 'c2') } } } },
      ]),
    ])
    expect(Object.keys((await store.getRecord('note', 'a'))?.fields ?? {})).toEqual(['x', 'y'])
  })
})

describe('SyncServer.change', () => {
  it('stamps past what another server over the same log wrote, even with a clock behind its own', async () => {
    // Two instances of a deployment, one log: b's machine runs 5 s ahead of a's.
    const store = new InMemorySyncServerStore()
    const a = new SyncServer(store, new HlcClock('server-a', () => now, 60_000))
    const b = new SyncServer(store, new HlcClock('server-b', () => now + 5_000, 60_000))
    await b.change('note', 'n', { title: 'written on b' })
    await a.change('note', 'n', { title: 'written on a, after' })
    const record = await store.getRecord('note', 'n')
    expect(record?.fields.title?.value).toBe('written on a, after')
    expect(record?.fields.title?.hlc).toMatch(/-server-a$/)
    await b.remove('note', 'n')
    await a.change('note', 'n', { title: 'restored on a' })
    expect((await store.getRecord('note', 'n'))?.deleted?.value).toBe(false)
  })
})

describe('SyncServer.pull', () => {
  it('pages through whole records after a cursor, each at its latest seq', async () => {
    const { server } = setup()
    await server.push('c1', [
      mutation(1, 'a', { t: 1 }),
      mutation(2, 'b', { t: 1 }),
      mutation(3, 'a', { u: 2 }, now + 1),
    ])
    const first = await server.pull(0, 1)
    expect(first).toMatchObject({ cursor: 2, more: true })
    expect(first.changes.map((c) => [c.record.id, c.seq])).toEqual([['b', 2]])
    const second = await server.pull(first.cursor, 1)
    expect(second.changes[0]?.record.fields).toMatchObject({ t: { value: 1 }, u: { value: 2 } })
    expect(second).toMatchObject({ cursor: 3, more: false })
    expect(await server.pull(3)).toEqual({ changes: [], cursor: 3, more: false })
  })

  it('asks a cursor below the compaction horizon, or beyond the log, to resync from 0', async () => {
    const { store, server } = setup()
    await server.push('c1', [
      mutation(1, 'a', { t: 1 }),
      {
        counter: 2,
        change: { kind: 'note', id: 'a', fields: {}, deleted: { value: true, hlc: at(now + 1) } },
      },
      mutation(3, 'b', { t: 1 }),
    ])
    now += 10_000
    expect(store.compact(5_000, now).map((r) => r.id)).toEqual(['a'])
    expect(await store.horizon()).toBe(2)
    expect(await server.pull(1)).toEqual({ changes: [], cursor: 0, more: true, reset: true })
    expect((await server.pull(2)).reset).toBeUndefined() // it saw the delete
    expect((await server.pull(0)).changes.map((c) => c.record.id)).toEqual(['b'])
    expect((await server.pull(1, 10, true)).reset).toBeUndefined() // a resync's own later pages
    expect((await server.pull(99)).reset).toBe(true)
  })

  it('rejects a cursor that is not a count', async () => {
    const { server } = setup()
    await expect(server.pull(-1)).rejects.toThrow(RangeError)
    await expect(server.pull(1.5)).rejects.toThrow(RangeError)
  })
})
