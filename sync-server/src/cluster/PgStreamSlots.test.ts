import { beforeAll, describe, expect, it } from 'vitest'
import { testPgPool } from '../../test/postgres/testPgPool'
import { JobLeases } from '../jobs/JobLeases'
import { openServerDatabase } from '../sql/openServerDatabase'
import { PgDriver } from '../sql/PgDriver'
import { PgStreamSlots } from './PgStreamSlots'

const db = testPgPool()
const LEASE_MS = 60_000

beforeAll(async () => {
  // The server schema's migrations make job_instances, whose heartbeats say which instances are alive.
  await openServerDatabase(new PgDriver(db.pool, 'quire'))
})

/** One instance: its slots and its heartbeat, as startServer and the job service keep them. */
async function instance(id: string) {
  const driver = new PgDriver(db.pool, 'quire')
  const leases = new JobLeases(driver, id, LEASE_MS)
  await leases.beat()
  const slots = await PgStreamSlots.open(db.pool, { instanceId: id, leaseMs: LEASE_MS, logError: () => {} })
  return { slots, leases }
}

describe('PgStreamSlots', () => {
  it('gives exactly the cap to takes racing on two instances', async () => {
    const [a, b] = await Promise.all([instance('race-a'), instance('race-b')])
    const taken = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).slots.take('racer', 3)),
    )
    // Without the per-person lock both instances read the same sum and several take the last slot.
    expect(taken.filter(Boolean)).toHaveLength(3)
    await Promise.all([a.slots.leave(), b.slots.leave()])
  })

  it('frees a slot on close, and forgets an instance whose heartbeat lapsed or that left', async () => {
    const [a, b] = await Promise.all([instance('life-a'), instance('life-b')])
    expect(await a.slots.take('person', 2)).toBe(true)
    expect(await a.slots.take('person', 2)).toBe(true)
    expect(await b.slots.take('person', 2)).toBe(false)
    a.slots.give('person')
    // The lower count is written just after the close (under the person's lock).
    await a.slots.written()
    expect(await b.slots.take('person', 2)).toBe(true)
    expect(await b.slots.take('person', 2)).toBe(false)

    // A dies: its last heartbeat is older than the lease, and its one stream stops counting.
    await db.pool.query(
      `UPDATE quire.job_instances SET heartbeat_at = heartbeat_at - ${LEASE_MS + 1000} WHERE id = 'life-a'`,
    )
    expect(await b.slots.take('person', 2)).toBe(true)
    expect(await b.slots.take('person', 2)).toBe(false)

    // B leaves gracefully: its rows go at once, whatever its heartbeat says.
    await b.slots.leave()
    const c = await instance('life-c')
    expect(await c.slots.take('person', 2)).toBe(true)
    expect(await c.slots.take('person', 2)).toBe(true)
    await c.slots.leave()
  })

  it('counts an instance’s streams from its start, before its job service first beats', async () => {
    // As startServer opens them: the job service starts (and beats) only once the server listens.
    const a = await PgStreamSlots.open(db.pool, {
      instanceId: 'early-a',
      leaseMs: LEASE_MS,
      logError: () => {},
    })
    const b = await instance('early-b')
    expect(await a.take('early', 1)).toBe(true)
    expect(await b.slots.take('early', 1)).toBe(false)
    await Promise.all([a.leave(), b.slots.leave()])
  })
})
