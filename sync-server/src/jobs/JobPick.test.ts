import { describe, expect, it } from 'vitest'
import type { JobHandler } from './Job'
import { bossInstances } from '../../test/jobs/bossInstances'
import { describeOnJobBeds } from './describeOnJobBeds'
import { deferred } from './jobTestBed'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

// The fair pick (JobPick): one person's jobs never hold another's back, in one process (LocalClaims,
// on SQLite and PostgreSQL) and across instances claiming through pg-boss (BossClaims).
const HOG = 'user-hog'
const ADA = 'user-ada'
const BLOCKER = 'user-blocker'

/** A handler whose jobs run until `release()` (those running now) or `releaseAll()` (every one). */
function heldJobs() {
  let release = deferred()
  const running = new Map<string, number>()
  const held: JobHandler = async (job) => {
    running.set(job.user_id, (running.get(job.user_id) ?? 0) + 1)
    try {
      await release.promise
    } finally {
      running.set(job.user_id, (running.get(job.user_id) ?? 0) - 1)
    }
  }
  return {
    held,
    running: (user: string) => running.get(user) ?? 0,
    release() {
      release.resolve()
      release = deferred()
    },
    releaseAll() {
      // Not replaced: jobs that start later pass at once.
      release.resolve()
    },
  }
}

describeOnJobBeds('the fair pick in one process', (bed) => {
  it('lets people with as many jobs running take turns; a person’s own jobs go by priority, then age', async () => {
    const jobs = await bed().service({ concurrency: 1 })
    const order: string[] = []
    jobs.register('named', async (job) => {
      order.push(String(job.payload.name))
    })
    const create = (user: string, name: string, priority?: number) =>
      jobs.create(user, { job_type: 'named', payload: { name }, priority })
    await create(HOG, 'hog-1')
    await create(HOG, 'hog-2')
    await create(HOG, 'hog-urgent', 100)
    await create(ADA, 'ada-1')
    await create(ADA, 'ada-2')
    await jobs.start()
    await jobs.idle()
    expect(order).toEqual(['hog-urgent', 'ada-1', 'hog-1', 'ada-2', 'hog-2'])
  })

  it('never lets one person fill every slot: another person’s job starts while theirs run', async () => {
    const jobs = await bed().service({ concurrency: 2, perUserConcurrency: 1 })
    const held = heldJobs()
    jobs.register('held', held.held)
    jobs.register('quick', async () => ({ done: true }))
    const hogs = await Promise.all([1, 2, 3].map(() => jobs.create(HOG, { job_type: 'held' })))
    await jobs.start()
    await expect.poll(() => held.running(HOG), { timeout: scaledTimeout(10_000) }).toBe(1)
    const { job } = await jobs.create(ADA, { job_type: 'quick' })
    await expect
      .poll(async () => (await jobs.get(ADA, job.id)).status, { timeout: scaledTimeout(10_000) })
      .toBe('completed')
    expect(held.running(HOG)).toBe(1)
    const statuses = await Promise.all(hogs.map(async ({ job: hog }) => (await jobs.get(HOG, hog.id)).status))
    expect(statuses.sort()).toEqual(['pending', 'pending', 'running'])
    held.releaseAll()
    await jobs.idle()
  })

  it('runs outbound jobs in slots of their own, never in the work pool’s', async () => {
    const jobs = await bed().service({ concurrency: 1, outboundConcurrency: 2 })
    const held = heldJobs()
    jobs.register('install', held.held, { outbound: true })
    jobs.register('quick', async () => ({ done: true }))
    for (let n = 0; n < 3; n++) await jobs.create(HOG, { job_type: 'install' })
    await jobs.start()
    await expect.poll(() => held.running(HOG), { timeout: scaledTimeout(10_000) }).toBe(2)
    const { job } = await jobs.create(ADA, { job_type: 'quick' })
    const { job: own } = await jobs.create(HOG, { job_type: 'quick' })
    await expect
      .poll(async () => (await jobs.get(ADA, job.id)).status, { timeout: scaledTimeout(10_000) })
      .toBe('completed')
    await expect
      .poll(async () => (await jobs.get(HOG, own.id)).status, { timeout: scaledTimeout(10_000) })
      .toBe('completed')
    expect(held.running(HOG)).toBe(2)
    held.releaseAll()
    await jobs.idle()
  })

  it('holds a priority to -100..100', async () => {
    const jobs = await bed().service()
    jobs.register('named', async () => ({}))
    expect((await jobs.create(HOG, { job_type: 'named', priority: 1000 })).job.priority).toBe(100)
    expect((await jobs.create(HOG, { job_type: 'named', priority: -1000 })).job.priority).toBe(-100)
  })
})

describe('the fair pick across instances claiming through pg-boss', () => {
  const { instance, errors } = bossInstances('quire-fair-')

  it(
    'starts the fair pick, not the job its pg-boss ticket names; then caps a person on each instance',
    async () => {
      const held = heldJobs()
      const order: string[] = []
      const handlers: Record<string, JobHandler> = {
        held: held.held,
        named: async (job) => {
          order.push(String(job.payload.name))
        },
      }
      const { service: one } = await instance(handlers, { concurrency: 1 })
      // The one slot is busy while both people queue, so the pick sees all their jobs at once.
      await one.create(BLOCKER, { job_type: 'held' })
      await expect.poll(() => held.running(BLOCKER), { timeout: scaledTimeout(15_000) }).toBe(1)
      for (const name of ['hog-1', 'hog-2', 'hog-3'])
        await one.create(HOG, { job_type: 'named', payload: { name } })
      for (const name of ['ada-1', 'ada-2']) await one.create(ADA, { job_type: 'named', payload: { name } })
      held.release()
      await expect.poll(() => order.length, { timeout: scaledTimeout(15_000) }).toBe(5)
      expect(order).toEqual(['hog-1', 'ada-1', 'hog-2', 'ada-2', 'hog-3'])

      // A second instance; one person may run one job on each.
      const { service: two } = await instance(handlers, { concurrency: 2, perUserConcurrency: 1 })
      for (let n = 0; n < 4; n++) await two.create(HOG, { job_type: 'held' })
      await expect.poll(() => held.running(HOG), { timeout: scaledTimeout(15_000) }).toBe(2)
      const { job } = await two.create(ADA, { job_type: 'named', payload: { name: 'ada-3' } })
      await expect
        .poll(async () => (await one.get(ADA, job.id)).status, { timeout: scaledTimeout(15_000) })
        .toBe('completed')
      expect(held.running(HOG)).toBe(2)
      held.releaseAll()
      await expect
        .poll(async () => (await one.list(HOG, { status: 'completed', limit: 9, offset: 0 })).total, {
          timeout: scaledTimeout(15_000),
        })
        .toBe(7)
      expect(errors).toEqual([])
    },
    scaledTimeout(60_000),
  )
})
