import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../web/core/kernel/ApiError'
import type { JobView } from './Job'
import { JobAbortedError } from './JobAbortedError'
import type { JobService } from './JobService'
import { testSqlDialects } from '../../test/postgres/testSqlDialects'
import { deferred, jobTestBed, untilAborted } from './jobTestBed'

const ALICE = 'user-alice'
const BOB = 'user-bob'

/** The ApiError a call rejects with, as {status, detail}. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  const { status, detail } = error as ApiError
  return { status, detail }
}

for (const dialect of testSqlDialects()) {
  describe(`JobService (${dialect.name})`, () => {
    let bed: ReturnType<typeof jobTestBed>
    let jobs: JobService
    beforeEach(async () => {
      bed = jobTestBed(await dialect.fresh())
      jobs = await bed.service()
    })
    afterEach(async () => {
      await bed.cleanup()
      expect(bed.errors).toEqual([])
    })

    it('runs a job from pending to completed, with progress, a log and numbered events', async () => {
      jobs.register('echo', async (job, context) => {
        await context.progress(40, 'reading')
        await context.log('halfway there')
        await context.progress(70)
        return { echoed: job.payload.text, owner: job.user_id }
      })
      const { job, created } = await jobs.create(ALICE, { job_type: 'echo', payload: { text: 'hi' } })
      expect(created).toBe(true)
      expect(job).toMatchObject({
        status: 'pending',
        progress_percent: 0,
        attempts: 0,
        result: null,
        priority: 0,
      })
      expect(job.started_at).toBeNull()
      await jobs.start()
      await jobs.idle()

      const done = await jobs.get(ALICE, job.id)
      expect(done).toMatchObject({
        status: 'completed',
        progress_percent: 100,
        attempts: 1,
        error: null,
        result: { echoed: 'hi', owner: ALICE },
        payload: { text: 'hi' },
      })
      expect(done.started_at! >= done.created_at).toBe(true)
      expect(done.completed_at! >= done.started_at!).toBe(true)
      expect(done).not.toHaveProperty('user_id')

      const events = await jobs.events(ALICE, job.id)
      expect(events.map((e) => [e.id, e.type])).toEqual([
        [1, 'created'],
        [2, 'started'],
        [3, 'progress'],
        [4, 'log'],
        [5, 'progress'],
        [6, 'completed'],
      ])
      expect(events.map((e) => e.data)).toEqual([
        { job_type: 'echo', status: 'pending', progress_percent: 0 },
        { attempt: 1, status: 'running', progress_percent: 0 },
        { percent: 40, message: 'reading', status: 'running', progress_percent: 40 },
        { level: 'info', message: 'halfway there', status: 'running', progress_percent: 40 },
        { percent: 70, status: 'running', progress_percent: 70 },
        { result: { echoed: 'hi', owner: ALICE }, status: 'completed', progress_percent: 100 },
      ])
      expect(events.every((e) => e.job_id === job.id)).toBe(true)
      expect(await jobs.logs(ALICE, job.id)).toEqual([
        { id: 1, level: 'info', message: 'halfway there', created_at: expect.any(String) },
      ])
    })

    it('clamps progress to whole percents in 0..100 and stores void as an empty result', async () => {
      jobs.register('steps', async (_job, context) => {
        await context.progress(150)
        await context.progress(-3)
        await context.progress(33.6)
        await context.log('careful', 'warn')
      })
      const { job } = await jobs.create(ALICE, { job_type: 'steps' })
      await jobs.start()
      await jobs.idle()
      const events = await jobs.events(ALICE, job.id)
      expect(events.filter((e) => e.type === 'progress').map((e) => e.data.percent)).toEqual([100, 0, 34])
      expect(await jobs.get(ALICE, job.id)).toMatchObject({ status: 'completed', result: {} })
      expect((await jobs.logs(ALICE, job.id)).map((l) => l.level)).toEqual(['warn'])
    })

    it('stores a thrown error as failed, keeping the runner alive', async () => {
      jobs.register('broken', async () => {
        throw new Error('disk full')
      })
      jobs.register('fine', async () => ({ ok: true }))
      const { job } = await jobs.create(ALICE, { job_type: 'broken' })
      const { job: next } = await jobs.create(ALICE, { job_type: 'fine' })
      await jobs.start()
      await jobs.idle()
      expect(await jobs.get(ALICE, job.id)).toMatchObject({
        status: 'failed',
        error: 'disk full',
        result: null,
      })
      const last = (await jobs.events(ALICE, job.id)).at(-1)
      expect(last).toMatchObject({ type: 'failed', data: { error: 'disk full', status: 'failed' } })
      expect((await jobs.get(ALICE, next.id)).status).toBe('completed')
    })

    it('cancels a pending job at once; it never runs', async () => {
      let ran = false
      jobs.register('work', async () => {
        ran = true
      })
      const { job } = await jobs.create(ALICE, { job_type: 'work' })
      const cancelled = await jobs.cancel(ALICE, job.id)
      expect(cancelled.status).toBe('cancelled')
      expect(cancelled.completed_at).not.toBeNull()
      await jobs.start()
      await jobs.idle()
      expect(ran).toBe(false)
      expect((await jobs.events(ALICE, job.id)).map((e) => e.type)).toEqual(['created', 'cancelled'])
    })

    it('cancels a running job through its signal: running until the handler settles, then cancelled', async () => {
      const started = deferred()
      let reason: unknown
      jobs.register('slow', async (_job, { signal }) => {
        started.resolve()
        try {
          await untilAborted(signal)
        } catch (error) {
          reason = error
          throw new Error('stopped halfway')
        }
      })
      const { job } = await jobs.create(ALICE, { job_type: 'slow' })
      await jobs.start()
      await started.promise
      expect((await jobs.cancel(ALICE, job.id)).status).toBe('running')
      await jobs.idle()
      expect(reason).toBeInstanceOf(JobAbortedError)
      expect((reason as JobAbortedError).why).toBe('cancelled')
      expect(await jobs.get(ALICE, job.id)).toMatchObject({ status: 'cancelled', error: null })
      expect((await jobs.events(ALICE, job.id)).map((e) => e.type)).toEqual([
        'created',
        'started',
        'cancel_requested',
        'cancelled',
      ])
    })

    it('refuses to cancel a finished job (409)', async () => {
      jobs.register('quick', async () => ({}))
      const { job } = await jobs.create(ALICE, { job_type: 'quick' })
      await jobs.start()
      await jobs.idle()
      expect(await failure(jobs.cancel(ALICE, job.id))).toEqual({
        status: 409,
        detail: 'Job is already completed',
      })
    })

    it('retries failed and cancelled jobs, counting attempts; refuses others (409)', async () => {
      let calls = 0
      jobs.register('flaky', async () => {
        calls += 1
        if (calls === 1) throw new Error('first try fails')
        return { calls }
      })
      const { job: failing } = await jobs.create(ALICE, { job_type: 'flaky' })
      const { job: cancelled } = await jobs.create(ALICE, { job_type: 'flaky' })
      await jobs.cancel(ALICE, cancelled.id)
      expect((await failure(jobs.retry(ALICE, failing.id))).status).toBe(409) // pending
      await jobs.start()
      await jobs.idle()
      expect(await jobs.get(ALICE, failing.id)).toMatchObject({ status: 'failed', attempts: 1 })

      const retried = await jobs.retry(ALICE, failing.id)
      expect(retried).toMatchObject({ status: 'pending', error: null, progress_percent: 0, started_at: null })
      expect(retried.completed_at).toBeNull()
      expect((await jobs.retry(ALICE, cancelled.id)).status).toBe('pending')
      await jobs.idle()
      expect(await jobs.get(ALICE, failing.id)).toMatchObject({ status: 'completed', attempts: 2 })
      expect(await jobs.get(ALICE, cancelled.id)).toMatchObject({ status: 'completed', attempts: 1 })
      expect((await jobs.events(ALICE, failing.id)).map((e) => e.type)).toEqual([
        'created',
        'started',
        'failed',
        'retried',
        'started',
        'completed',
      ])
      expect(await failure(jobs.retry(ALICE, failing.id))).toEqual({
        status: 409,
        detail: 'Job is completed; only failed or cancelled jobs can be retried',
      })
    })

    it('refuses to retry or delete a running job (409) and deletes a finished one with its history', async () => {
      const started = deferred()
      const release = deferred()
      jobs.register('held', async () => {
        started.resolve()
        await release.promise
      })
      const { job } = await jobs.create(ALICE, { job_type: 'held' })
      await jobs.start()
      await started.promise
      expect((await failure(jobs.retry(ALICE, job.id))).status).toBe(409)
      expect((await failure(jobs.remove(ALICE, job.id))).status).toBe(409)
      release.resolve()
      await jobs.idle()
      await expect(jobs.remove(ALICE, job.id)).resolves.toBeUndefined()
      expect(await failure(jobs.get(ALICE, job.id))).toEqual({ status: 404, detail: 'Job not found' })
      expect((await failure(jobs.events(ALICE, job.id))).status).toBe(404)
      expect((await jobs.list(ALICE, { limit: 10, offset: 0 })).total).toBe(0)
    })

    it('answers an idempotency key already used by the user with the existing job', async () => {
      jobs.register('once', async () => ({}))
      const first = await jobs.create(ALICE, { job_type: 'once', idempotency_key: 'k1', payload: { n: 1 } })
      const again = await jobs.create(ALICE, { job_type: 'once', idempotency_key: 'k1', payload: { n: 2 } })
      expect(again).toEqual({ job: first.job, created: false })
      const other = await jobs.create(BOB, { job_type: 'once', idempotency_key: 'k1' })
      expect(other.created).toBe(true)
      expect(other.job.id).not.toBe(first.job.id)
      await jobs.start()
      await jobs.idle()
      const later = await jobs.create(ALICE, { job_type: 'once', idempotency_key: 'k1' })
      expect(later).toMatchObject({ created: false, job: { id: first.job.id, status: 'completed' } })
      expect((await jobs.list(ALICE, { limit: 10, offset: 0 })).total).toBe(1)
    })

    it("keeps users apart: another user's job is not found, lists show only one's own", async () => {
      jobs.register('mine', async () => ({}))
      const { job } = await jobs.create(ALICE, { job_type: 'mine', payload: { doc: 'd1' } })
      await jobs.create(BOB, { job_type: 'mine', payload: { doc: 'd1' } })
      const notFound = { status: 404, detail: 'Job not found' }
      expect(await failure(jobs.get(BOB, job.id))).toEqual(notFound)
      expect(await failure(jobs.cancel(BOB, job.id))).toEqual(notFound)
      expect(await failure(jobs.retry(BOB, job.id))).toEqual(notFound)
      expect(await failure(jobs.remove(BOB, job.id))).toEqual(notFound)
      expect(await failure(jobs.events(BOB, job.id))).toEqual(notFound)
      expect(await failure(jobs.logs(BOB, job.id))).toEqual(notFound)
      expect(await failure(jobs.get(ALICE, 'no-such-job'))).toEqual(notFound)
      const listed = await jobs.list(ALICE, { limit: 10, offset: 0 })
      expect(listed.items.map((j: JobView) => j.id)).toEqual([job.id])
      expect((await jobs.findActive(ALICE, 'mine', 'doc', 'd1'))?.id).toBe(job.id)
      expect((await jobs.get(ALICE, job.id)).status).toBe('pending')
    })

    it('refuses an unknown job type or a malformed field (422, naming the field)', async () => {
      jobs.register('b_type', async () => ({}))
      jobs.register('a_type', async () => ({}))
      expect(jobs.knownTypes()).toEqual(['a_type', 'b_type'])
      expect(await failure(jobs.create(ALICE, { job_type: 'nope' }))).toEqual({
        status: 422,
        detail: [
          { loc: ['body', 'job_type'], msg: 'Unknown job type; one of: a_type, b_type', type: 'value_error' },
        ],
      })
      const badTime = await failure(jobs.create(ALICE, { job_type: 'a_type', scheduled_for: 'next tuesday' }))
      expect(badTime.status).toBe(422)
      expect(badTime.detail).toMatchObject([{ loc: ['body', 'scheduled_for'] }])
      expect((await failure(jobs.create(ALICE, { job_type: 'a_type', priority: 1.5 }))).status).toBe(422)
      expect((await jobs.list(ALICE, { limit: 10, offset: 0 })).total).toBe(0)
    })

    it('lists newest first, filtered by status and type, paginated with a total', async () => {
      jobs.register('a', async () => ({}))
      jobs.register('b', async () => ({}))
      const ids: string[] = []
      for (const type of ['a', 'b', 'a', 'a']) ids.push((await jobs.create(ALICE, { job_type: type })).job.id)
      await jobs.cancel(ALICE, ids[0]!)
      const page = await jobs.list(ALICE, { job_type: 'a', limit: 1, offset: 1 })
      expect(page).toMatchObject({ total: 3, items: [{ id: ids[2] }] })
      const pending = await jobs.list(ALICE, { status: 'pending', limit: 10, offset: 0 })
      expect(pending.items.map((j) => j.id)).toEqual([ids[3], ids[2], ids[1]])
      expect(
        (await jobs.list(ALICE, { status: 'cancelled', job_type: 'b', limit: 10, offset: 0 })).total,
      ).toBe(0)
    })

    it('finds an active job by a payload value, and none once it is finished', async () => {
      jobs.register('index', async () => ({}))
      const { job } = await jobs.create(ALICE, { job_type: 'index', payload: { document_id: 'x' } })
      expect((await jobs.findActive(ALICE, 'index', 'document_id', 'x'))?.id).toBe(job.id)
      expect(await jobs.findActive(ALICE, 'index', 'document_id', 'y')).toBeUndefined()
      expect(await jobs.findActive(ALICE, 'other', 'document_id', 'x')).toBeUndefined()
      await jobs.start()
      await jobs.idle()
      expect(await jobs.findActive(ALICE, 'index', 'document_id', 'x')).toBeUndefined()
    })

    it('returns events after a given id, and tells subscribers of each event as it is stored', async () => {
      const step = deferred()
      jobs.register('steps', async (_job, context) => {
        await context.progress(50)
        await step.promise
      })
      const { job } = await jobs.create(ALICE, { job_type: 'steps' })
      const heard: string[] = []
      const other: string[] = []
      const unsubscribe = jobs.subscribe(job.id, (event) => heard.push(`${event.id}:${event.type}`))
      jobs.subscribe('another-job', (event) => other.push(event.type))
      jobs.subscribe(job.id, () => {
        throw new Error('a broken listener')
      })
      await jobs.start()
      await expect.poll(() => heard.length).toBe(2)
      expect(heard).toEqual(['2:started', '3:progress'])
      step.resolve()
      await jobs.idle()
      expect(heard).toEqual(['2:started', '3:progress', '4:completed'])
      unsubscribe()
      await jobs.remove(ALICE, job.id)
      expect(other).toEqual([])
      expect(bed.errors.splice(0).map(String)).toEqual(Array(3).fill('Error: a broken listener'))

      await jobs.stop()
      const { job: second } = await jobs.create(ALICE, { job_type: 'steps' })
      await jobs.cancel(ALICE, second.id)
      expect((await jobs.events(ALICE, second.id, 1)).map((e) => e.id)).toEqual([2])
      expect(await jobs.events(ALICE, second.id, 2)).toEqual([])
      expect((await jobs.events(ALICE, second.id)).map((e) => e.type)).toEqual(['created', 'cancelled'])
    })
  })
}
