import { beforeAll, describe, expect, it } from 'vitest'
import type { Databases } from '../sql/openDatabases'
import { bossInstances } from '../../test/jobs/bossInstances'
import type { JobEvent, JobHandler } from './Job'
import type { JobService } from './JobService'
import { deferred, untilAborted } from './jobTestBed'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

// Two job services on one PostgreSQL, as two instances are: each with its own pool, bus and claims.
// The jobs table is shared; pg-boss hands each job to one of them.
const { instance, errors } = bossInstances('quire-boss-')
const LEASE_MS = 1500

async function settled(service: JobService, user: string, id: string) {
  await expect
    .poll(async () => (await service.get(user, id)).status, { timeout: scaledTimeout(15_000), interval: 50 })
    .toMatch(/completed|failed|cancelled/)
  return service.get(user, id)
}

describe('BossClaims: jobs of several instances on one PostgreSQL', () => {
  // Every instance registers the same job types, as every instance of a deployment does.
  const ranOn: Record<string, string[]> = {}
  const running = new Map<string, ReturnType<typeof deferred<string>>>()
  const handlers = (name: string): Record<string, JobHandler> => ({
    count: async (job) => {
      ;(ranOn[job.id] ??= []).push(name)
      await new Promise((resolve) => setTimeout(resolve, 20))
      return { by: name }
    },
    waits: async (job, context) => {
      await context.progress(10, 'started')
      running.get(job.id)?.resolve(name)
      await untilAborted(context.signal)
    },
  })
  let a: JobService
  let b: JobService
  let server: Databases['server']
  beforeAll(async () => {
    const first = await instance(handlers('a'), { concurrency: 3 }, LEASE_MS)
    a = first.service
    server = first.databases.server
    b = (await instance(handlers('b'), { concurrency: 3 }, LEASE_MS)).service
  }, scaledTimeout(30_000))

  it(
    'runs each of many jobs created on two instances exactly once, spread over both',
    async () => {
      const created = await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          (n % 2 ? a : b).create('u1', { job_type: 'count', payload: { n } }),
        ),
      )
      for (const { job } of created) {
        const done = await settled(a, 'u1', job.id)
        expect(done.status).toBe('completed')
        expect(done.attempts).toBe(1)
        const started = (await a.events('u1', job.id)).filter((event) => event.type === 'started')
        expect(started).toHaveLength(1)
      }
      expect(Object.keys(ranOn)).toHaveLength(30)
      expect(Object.values(ranOn).every((names) => names.length === 1)).toBe(true)
      expect(new Set(Object.values(ranOn).flat())).toEqual(new Set(['a', 'b']))
      expect(errors).toEqual([])
    },
    scaledTimeout(30_000),
  )

  it(
    'runs a job created `here` on its own instance: its work is in that process',
    async () => {
      const created = await Promise.all(
        Array.from({ length: 8 }, () => b.create('u4', { job_type: 'count' }, { here: true })),
      )
      for (const { job } of created) expect((await settled(a, 'u4', job.id)).status).toBe('completed')
      expect(created.map(({ job }) => ranOn[job.id])).toEqual(created.map(() => ['b']))
    },
    scaledTimeout(30_000),
  )

  it(
    'a cancel asked on one instance aborts the handler running on the other, whose events it hears',
    async () => {
      const { job } = await a.create('u2', { job_type: 'waits' })
      const started = deferred<string>()
      running.set(job.id, started)
      // Either instance may have taken it; the cancel goes to the other one.
      const other = (await started.promise) === 'a' ? b : a
      const heard: JobEvent[] = []
      const stop = other.subscribe(job.id, (event) => heard.push(event))
      expect((await other.cancel('u2', job.id)).status).toBe('running')
      expect((await settled(other, 'u2', job.id)).status).toBe('cancelled')
      // What was stored before the subscription may be heard too (a message in flight); the end, in order.
      await expect
        .poll(() => heard.map((event) => event.type).slice(-2))
        .toEqual(['cancel_requested', 'cancelled'])
      stop()
      expect(errors).toEqual([])
    },
    scaledTimeout(30_000),
  )

  it(
    'takes over, exactly once, a running job whose instance stopped beating; not a live one’s',
    async () => {
      const far = new Date(Date.now() + 3_600_000).toISOString()
      const orphan = (await a.create('u3', { job_type: 'count', scheduled_for: far })).job
      const alive = (await a.create('u3', { job_type: 'count', scheduled_for: far })).job
      // As an instance that died mid-run leaves it: running, claimed by an instance that never beats.
      const claim =
        "UPDATE jobs SET status = 'running', attempts = 1, scheduled_for = NULL, claimed_by = ? WHERE id = ?"
      await server.run(claim, ['dead-instance', orphan.id])
      await server.run("INSERT INTO job_instances (id, heartbeat_at) VALUES ('live-instance', 9e15)")
      await server.run(claim, ['live-instance', alive.id])

      const done = await settled(b, 'u3', orphan.id)
      expect(done.status).toBe('completed')
      expect(done.attempts).toBe(2)
      const types = (await b.events('u3', orphan.id)).map((event) => event.type)
      expect(types).toEqual(['created', 'requeued', 'started', 'completed'])
      expect((await a.get('u3', alive.id)).status).toBe('running')
      expect(errors).toEqual([])
    },
    scaledTimeout(30_000),
  )
})
