import { describe, expect, it } from 'vitest'
import { tagKind } from '../../core/records/kinds/tagKind'
import { seedProfile } from '../../core/api/platform/seed/seedProfile'
import type { SeedRecord } from '../../core/api/platform/seed/SeedRecord'
import { SEED_TIME } from '../../core/records/seedTime'
import { captureExisting } from '../../core/sync/appData/captureExisting'
import { world } from './syncWorld'

const SEEDS: SeedRecord[] = [
  {
    kind: tagKind,
    id: '6f1d2c3b-0a4e-4f5a-9b8c-7d6e5f4a3b21',
    data: { name: 'Work', color: '#112233', user_id: null },
  },
  {
    kind: tagKind,
    id: '6f1d2c3b-0a4e-4f5a-9b8c-7d6e5f4a3b22',
    data: { name: 'Home', color: '#445566', user_id: null },
  },
]

describe('records a new profile starts with, across devices', () => {
  it('seeds each host once, with the same records, which need not travel until changed', async () => {
    const { device } = world()
    const laptop = device('laptop')
    expect(await seedProfile(laptop.plain, 'user-1', SEEDS)).toBe(2)
    const work = await laptop.plain.records.getRecord('tag', SEEDS[0]!.id)
    expect(work).toMatchObject({ data: { name: 'Work', user_id: 'user-1' }, created_at: SEED_TIME })
    // Written once: a seed the person deleted stays deleted.
    await laptop.store.records.writeRecords([{ delete: { kind: 'tag', id: SEEDS[1]!.id } }])
    expect(await seedProfile(laptop.plain, 'user-1', SEEDS)).toBe(0)
    expect(await laptop.plain.records.getRecord('tag', SEEDS[1]!.id)).toBeUndefined()
    // Unchanged seeds are not captured for sync (every host has them), so they cannot undo a change made elsewhere.
    const sink = {
      changes: laptop.client.changes.bind(laptop.client),
      remove: laptop.client.remove.bind(laptop.client),
    }
    expect(await captureExisting(laptop.plain, laptop.files, sink, async () => false)).toBe(0)
  })

  it('sends a changed seed whole, so a device that only ever had its own copy gets every field', async () => {
    const { device } = world()
    const laptop = device('laptop')
    const phone = device('phone')
    await seedProfile(laptop.plain, 'user-1', SEEDS)
    await seedProfile(phone.plain, 'user-1', SEEDS)
    const seed = (await laptop.store.records.getRecord('tag', SEEDS[0]!.id))!
    await laptop.store.records.writeRecords([
      { put: tagKind.patch({ clock: { now: () => Date.now() } }, seed, { name: 'Job' }) },
    ])
    await laptop.store.records.writeRecords([{ delete: { kind: 'tag', id: SEEDS[1]!.id } }])
    await laptop.client.sync()
    // The phone lost its own copy of the first seed meanwhile: the change alone would not rebuild it.
    await phone.plain.records.writeRecords([{ delete: { kind: 'tag', id: SEEDS[0]!.id } }])
    await phone.client.sync()
    expect((await phone.plain.records.getRecord('tag', SEEDS[0]!.id))?.data).toEqual({
      name: 'Job',
      color: '#112233',
      user_id: 'user-on-phone',
    })
    expect(await phone.plain.records.getRecord('tag', SEEDS[1]!.id)).toBeUndefined()
    expect(phone.errors).toEqual([])
  })

  it('refuses to write a record kind no declaration names, and skips a synced record that does not fit its kind', async () => {
    const { device } = world()
    const laptop = device('laptop')
    const phone = device('phone')
    const at = new Date().toISOString()
    const record = (kind: string, data: Record<string, unknown>) => ({
      put: { kind, id: crypto.randomUUID(), parent_id: null, data, created_at: at, updated_at: at },
    })
    await expect(laptop.store.records.writeRecords([record('gadget', { name: 'x' })])).rejects.toThrow(
      /not declared/,
    )
    // The plain store takes anything (a careless device's); sync on the receiving side checks the fields.
    const bad = record('tag', { name: 42, color: '#000000' })
    await laptop.client.change('record:tag', bad.put.id, {
      'data.name': [42],
      'data.color': ['#000000'],
      parent_id: [null],
      created_at: [at],
      updated_at: [at],
    })
    await laptop.client.sync()
    await phone.client.sync()
    expect(await phone.plain.records.getRecord('tag', bad.put.id)).toBeUndefined()
    expect(String(phone.errors[0])).toMatch(/do not fit/)
  })
})
