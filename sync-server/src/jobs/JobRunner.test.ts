import { expect, it } from 'vitest'
import { JobAbortedError } from './JobAbortedError'
import { describeOnJobBeds } from './describeOnJobBeds'
import { deferred, untilAborted } from './jobTestBed'

const ALICE = 'user-alice'

describeOnJobBeds('JobService runner', (bed) => {
  it('runs higher priority first, then older first', async () => {
    const jobs = await bed().service({ concurrency: 1 })
    const order: string[] = []
    jobs.register('named', async (job) => {
      order.push(String(job.payload.name))
    })
    await jobs.create(ALICE, { job_type: 'named', payload: { name: 'low' }, priority: -1 })
    await jobs.create(ALICE, { job_type: 'named', payload: { name: 'normal-1' } })
    await jobs.create(ALICE, { job_type: 'named', payload: { name: 'high' }, priority: 5 })
    await jobs.create(ALICE, { job_type: 'named', payload: { name: 'normal-2' } })
    await jobs.start()
    await jobs.idle()
    expect(order).toEqual(['high', 'normal-1', 'normal-2', 'low'])
  })

  it('does not start a scheduled job before its time', async () => {
    let now = Date.parse('2030-01-01T00:00:00.000Z')
    const jobs = await bed().service({ now: () => now })
    jobs.register('later', async () => ({ ran: true }))
    const { job } = await jobs.create(ALICE, {
      job_type: 'later',
      scheduled_for: '2030-01-01T01:00:00+01:00', // the same instant as 00:00Z, written differently
    })
    const { job: future } = await jobs.create(ALICE, {
      job_type: 'later',
      scheduled_for: '2030-01-01T00:10:00Z',
    })
    expect(job.scheduled_for).toBe('2030-01-01T00:00:00.000Z')
    await jobs.start()
    await jobs.idle()
    expect((await jobs.get(ALICE, job.id)).status).toBe('completed')
    expect((await jobs.get(ALICE, future.id)).status).toBe('pending')
    now += 9 * 60_000
    jobs.wake()
    await jobs.idle()
    expect((await jobs.get(ALICE, future.id)).status).toBe('pending')
    now += 60_000
    // Nobody wakes it: the poll timer finds it due.
    await expect.poll(async () => (await jobs.get(ALICE, future.id)).status).toBe('completed')
  })

  it('runs at most `concurrency` handlers at once', async () => {
    const jobs = await bed().service({ concurrency: 2 })
    let running = 0
    let most = 0
    // The first handlers wait for a second to run beside them: on a busy machine a 15 ms handler alone
    // could end before the runner starts the next, and two at once would go unseen.
    const second = deferred()
    jobs.register('busy', async () => {
      running += 1
      most = Math.max(most, running)
      if (running === 2) second.resolve()
      await second.promise
      await new Promise((resolve) => setTimeout(resolve, 15))
      running -= 1
    })
    for (let i = 0; i < 6; i++) await jobs.create(ALICE, { job_type: 'busy' })
    await jobs.start()
    await jobs.idle()
    expect(most).toBe(2)
    expect((await jobs.list(ALICE, { status: 'completed', limit: 10, offset: 0 })).total).toBe(6)
  })

  it('requeues a job cut short by a stop, and runs it again after a restart', async () => {
    const first = await bed().service()
    const started = deferred()
    let reason: unknown
    first.register('long', async (_job, { signal }) => {
      started.resolve()
      try {
        return await untilAborted(signal)
      } catch (error) {
        reason = error
        throw error
      }
    })
    const { job } = await first.create(ALICE, { job_type: 'long', payload: { size: 3 } })
    await first.start()
    await started.promise
    await first.stop()
    expect(reason).toBeInstanceOf(JobAbortedError)
    expect((reason as JobAbortedError).why).toBe('shutdown')
    // Left resumable: still running in the database, not failed.
    expect((await first.get(ALICE, job.id)).status).toBe('running')

    const second = await bed().service()
    second.register('long', async (resumed) => ({ size: resumed.payload.size, attempt: resumed.attempts }))
    await second.start()
    await second.idle()
    expect(await second.get(ALICE, job.id)).toMatchObject({
      status: 'completed',
      attempts: 2,
      result: { size: 3, attempt: 2 },
    })
    expect((await second.events(ALICE, job.id)).map((e) => e.type)).toEqual([
      'created',
      'started',
      'requeued',
      'started',
      'completed',
    ])
  })

  it('does not wait forever for a handler that ignores its signal; a cancel pending at restart ends it', async () => {
    const first = await bed().service({ stopTimeoutMs: 50 })
    const started = deferred()
    first.register('stubborn', async () => {
      started.resolve()
      await new Promise(() => undefined)
    })
    const { job } = await first.create(ALICE, { job_type: 'stubborn' })
    await first.start()
    await started.promise
    expect((await first.cancel(ALICE, job.id)).status).toBe('running')
    const stopping = Date.now()
    await first.stop()
    expect(Date.now() - stopping).toBeLessThan(2000)

    let ran = false
    const second = await bed().service()
    second.register('stubborn', async () => {
      ran = true
    })
    await second.start()
    await second.idle()
    expect(ran).toBe(false)
    expect(await second.get(ALICE, job.id)).toMatchObject({ status: 'cancelled', attempts: 1 })
    expect((await second.events(ALICE, job.id)).map((e) => e.type)).toEqual([
      'created',
      'started',
      'cancel_requested',
      'cancelled',
    ])
  })

  it('runs a job again, not failed, when the database went away under its handler', async () => {
    const jobs = await bed().service({ concurrency: 1 })
    let runs = 0
    jobs.register('flaky', async () => {
      if (++runs === 1) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
      return { ran: runs }
    })
    const { job } = await jobs.create(ALICE, { job_type: 'flaky' })
    await jobs.start()
    await expect.poll(async () => (await jobs.get(ALICE, job.id)).status).toBe('completed')
    expect(await jobs.get(ALICE, job.id)).toMatchObject({ attempts: 2, result: { ran: 2 }, error: null })
    expect((await jobs.events(ALICE, job.id)).map((event) => event.type)).toContain('requeued')
  })

  it('fails a job whose type has no handler any more, or whose result is not JSON', async () => {
    const first = await bed().service()
    first.register('gone', async () => ({}))
    first.register('odd', async () => ({ big: 10n }))
    const { job: gone } = await first.create(ALICE, { job_type: 'gone' })
    const { job: odd } = await first.create(ALICE, { job_type: 'odd' })
    const second = await bed().service()
    second.register('odd', async () => ({ big: 10n }))
    await second.start()
    await second.idle()
    expect(await second.get(ALICE, gone.id)).toMatchObject({
      status: 'failed',
      error: 'No handler is registered for job type gone',
    })
    expect(await second.get(ALICE, odd.id)).toMatchObject({ status: 'failed', error: expect.any(String) })
  })

  it('ignores progress reported after the job settled', async () => {
    const jobs = await bed().service()
    let late: (() => Promise<void>) | undefined
    jobs.register('leaky', async (_job, context) => {
      late = () => context.progress(10, 'too late')
      return { done: true }
    })
    const { job } = await jobs.create(ALICE, { job_type: 'leaky' })
    await jobs.start()
    await jobs.idle()
    await late!()
    expect(await jobs.get(ALICE, job.id)).toMatchObject({ status: 'completed', progress_percent: 100 })
    expect((await jobs.events(ALICE, job.id)).at(-1)?.type).toBe('completed')
  })
})
