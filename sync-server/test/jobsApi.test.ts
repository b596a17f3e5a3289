import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSse } from '../../web/core/http/readSse'
import type { JobHandler, JobView } from '../src/jobs/Job'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/**
 * A job type whose pace the test sets: it reports progress, logs, then waits until the test
 * releases it by name (or its signal aborts), and fails when asked to.
 */
const releases = new Map<string, () => void>()
const started = new Map<string, () => void>()
const waitFor = (name: string) => new Promise<void>((resolve) => started.set(name, resolve))
const paced: JobHandler = async (job, context) => {
  const name = String(job.payload.name)
  await context.progress(10, 'warming up')
  await context.log(`working on ${name}`)
  started.get(name)?.()
  await new Promise<void>((resolve, reject) => {
    releases.set(name, resolve)
    context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true })
  })
  await context.progress(90, 'nearly')
  if (job.payload.fail === true) throw new Error(`${name} was asked to fail`)
  return { name }
}
const release = (name: string) => {
  const go = releases.get(name)
  if (!go) throw new Error(`${name} is not waiting`)
  releases.delete(name)
  go()
}

describe('the Jobs API over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let user: TestUser
  const call = async (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(server.url + path, {
      method,
      headers: {
        ...user.auth,
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : undefined,
    })
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined }
  }
  const job = async (id: string) => (await call('GET', `/api/v1/jobs/${id}`)).body as unknown as JobView
  const until = async (id: string, status: JobView['status']) => {
    const deadline = Date.now() + scaledTimeout(10_000)
    for (;;) {
      const current = await job(id)
      if (current.status === status) return current
      if (Date.now() > deadline) throw new Error(`job stayed ${current.status}, not ${status}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const create = async (
    name: string,
    extra: Record<string, unknown> = {},
    payload: Record<string, unknown> = {},
  ) => {
    const created = await call('POST', '/api/v1/jobs', {
      job_type: 'test_paced',
      payload: { name, ...payload },
      ...extra,
    })
    expect(created.status).toBe(201)
    return created.body as unknown as JobView
  }

  beforeAll(async () => {
    server = await startTestServer({ accounts: true, jobHandlers: { test_paced: paced } })
    user = await signUpForTest(server.url, 'jobs_user')
  })
  afterAll(async () => {
    for (const name of [...releases.keys()]) release(name)
    await server.stop()
  })

  it('creates jobs with priority, schedule and idempotency key, and lists them with filters', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString()
    const first = await call('POST', '/api/v1/jobs', {
      job_type: 'test_paced',
      payload: { name: 'scheduled' },
      priority: 5,
      scheduled_for: later,
      idempotency_key: 'nightly-1',
    })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      status: 'pending',
      priority: 5,
      progress_percent: 0,
      idempotency_key: 'nightly-1',
    })
    const again = await call('POST', '/api/v1/jobs', { job_type: 'test_paced', idempotency_key: 'nightly-1' })
    expect(again.status).toBe(200)
    expect(again.body!.id).toBe(first.body!.id)

    const listed = await call('GET', '/api/v1/jobs?job_type=test_paced&status=pending&limit=1')
    expect(listed.body).toMatchObject({ total_items: 1, page: 1, page_size: 1, total_pages: 1 })
    expect((listed.body!.items as JobView[])[0]!.id).toBe(first.body!.id)
    expect((await call('GET', '/api/v1/jobs?status=completed')).body).toMatchObject({
      items: [],
      total_items: 0,
    })
    expect((await call('GET', '/api/v1/jobs?offset=50')).body).toMatchObject({ items: [], page: 3 })
    expect((await call('GET', '/api/v1/jobs?limit=101')).status).toBe(422)
    const unknown = await call('POST', '/api/v1/jobs', { job_type: 'mine_bitcoin' })
    expect(unknown.status).toBe(422)
    expect(unknown.body).toEqual({ detail: [expect.objectContaining({ loc: ['body', 'job_type'] })] })
    const wrongType = await call('POST', '/api/v1/jobs', { job_type: 'test_paced', priority: 'high' })
    expect(wrongType.status).toBe(422)
    expect(wrongType.body).toEqual({ detail: [expect.objectContaining({ loc: ['body', 'priority'] })] })
    // A person's priority is BrainDrive's -100..100 (and orders only their own jobs).
    const tooHigh = await call('POST', '/api/v1/jobs', { job_type: 'test_paced', priority: 1000 })
    expect(tooHigh.status).toBe(422)
    expect(tooHigh.body).toEqual({ detail: [expect.objectContaining({ loc: ['body', 'priority'] })] })
    // The scheduled job does not run before its time; cancelling it (pending) is immediate.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await job(String(first.body!.id))).status).toBe('pending')
    const cancelled = await call('POST', `/api/v1/jobs/${String(first.body!.id)}/cancel`)
    expect(cancelled.body).toMatchObject({ status: 'cancelled' })
    expect((await call('POST', `/api/v1/jobs/${String(first.body!.id)}/cancel`)).status).toBe(409)
  })

  it('cancels a running job once its work stops, and retries it to completion', async () => {
    const running = waitFor('slow')
    const created = await create('slow')
    await running
    expect((await call('DELETE', `/api/v1/jobs/${created.id}`)).status).toBe(409)
    expect((await call('POST', `/api/v1/jobs/${created.id}/retry`)).status).toBe(409)
    const cancelling = await call('POST', `/api/v1/jobs/${created.id}/cancel`)
    expect(cancelling.status).toBe(200)
    const cancelled = await until(created.id, 'cancelled')
    expect(cancelled.completed_at).not.toBeNull()

    const rerunning = waitFor('slow')
    const retried = await call('POST', `/api/v1/jobs/${created.id}/retry`)
    expect(retried.body).toMatchObject({ status: 'pending', progress_percent: 0, error: null })
    await rerunning
    release('slow')
    const completed = await until(created.id, 'completed')
    expect(completed).toMatchObject({ progress_percent: 100, result: { name: 'slow' }, attempts: 2 })
    const types = (
      (await call('GET', `/api/v1/jobs/${created.id}/events`)).body as unknown as Array<{ type: string }>
    ).map((event) => event.type)
    expect(types).toEqual([
      'created',
      'started',
      'progress',
      'log',
      'cancel_requested',
      'cancelled',
      'retried',
      'started',
      'progress',
      'log',
      'progress',
      'completed',
    ])
    const logs = (await call('GET', `/api/v1/jobs/${created.id}/logs`)).body as unknown as Array<{
      message: string
    }>
    expect(logs.map((line) => line.message)).toEqual(['working on slow', 'working on slow'])
    expect((await call('POST', `/api/v1/jobs/${created.id}/retry`)).status).toBe(409)
    expect((await call('DELETE', `/api/v1/jobs/${created.id}`)).status).toBe(204)
    expect((await call('GET', `/api/v1/jobs/${created.id}`)).status).toBe(404)
  })

  it('a failed job says why and can be retried', async () => {
    const running = waitFor('doomed')
    const created = await create('doomed', {}, { fail: true })
    await running
    release('doomed')
    const failed = await until(created.id, 'failed')
    expect(failed.error).toBe('doomed was asked to fail')
    const again = waitFor('doomed')
    await call('POST', `/api/v1/jobs/${created.id}/retry`)
    await again
    release('doomed')
    expect((await until(created.id, 'failed')).attempts).toBe(2)
  })

  it('streams events as SSE, resumes after Last-Event-ID, and ends after the terminal event', async () => {
    const running = waitFor('streamed')
    const created = await create('streamed')
    await running
    const stream = async (headers: Record<string, string>, query = '') => {
      const response = await fetch(`${server.url}/api/v1/jobs/${created.id}/events/stream${query}`, {
        headers: { ...user.auth, ...headers },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      return readSse(response.body!)
    }
    // First connection: read what happened so far (created, started, progress, log), then drop it.
    const first = await stream({})
    const seen: Array<{ id: string | undefined; event: string }> = []
    for await (const event of first) {
      seen.push({ id: event.id, event: event.event })
      if (seen.length === 4) break
    }
    expect(seen).toEqual([
      { id: '1', event: 'created' },
      { id: '2', event: 'started' },
      { id: '3', event: 'progress' },
      { id: '4', event: 'log' },
    ])
    // Reconnect as EventSource does, with the last id seen; the rest arrives live and the stream ends.
    const resumed = await stream({ 'last-event-id': '4' })
    setTimeout(() => release('streamed'), 100)
    const rest: Array<{ id: string | undefined; event: string; data: { job_id: string; status: string } }> =
      []
    for await (const event of resumed) {
      rest.push({
        id: event.id,
        event: event.event,
        data: JSON.parse(event.data) as { job_id: string; status: string },
      })
    }
    expect(rest.map((event) => [event.id, event.event])).toEqual([
      ['5', 'progress'],
      ['6', 'completed'],
    ])
    expect(rest.at(-1)!.data).toMatchObject({
      job_id: created.id,
      data: { status: 'completed', progress_percent: 100 },
    })
    // After the end: a client resuming from the last id gets an empty stream that closes at once.
    const finished: unknown[] = []
    for await (const event of await stream({}, '?last_event_id=6')) finished.push(event)
    expect(finished).toEqual([])
    const replay: string[] = []
    for await (const event of await stream({ 'last-event-id': '2' })) replay.push(event.id ?? '')
    expect(replay).toEqual(['3', '4', '5', '6'])
    const badId = await fetch(`${server.url}/api/v1/jobs/${created.id}/events/stream`, {
      headers: { ...user.auth, 'last-event-id': 'yesterday' },
    })
    expect(badId.status).toBe(422)
  })

  it('follows an upload as a document_process job, and reprocesses through POST /api/v1/jobs', async () => {
    const collection = (
      await call('POST', '/api/collections/', { name: 'Notes', description: 'Meeting notes' })
    ).body!
    const form = new FormData()
    form.append('collection_id', String(collection.id))
    form.append('file', new Blob(['# Minutes\n\nThe committee approved the bridge repairs.']), 'minutes.md')
    const uploaded = (await (
      await fetch(`${server.url}/api/documents/`, { method: 'POST', headers: user.auth, body: form })
    ).json()) as { id: string; job_id: string }
    const done = await until(uploaded.job_id, 'completed')
    expect(done).toMatchObject({
      job_type: 'document_process',
      payload: { document_id: uploaded.id },
      progress_percent: 100,
    })
    expect(done.result).toMatchObject({ document_id: uploaded.id, status: 'completed' })

    const again = await call('POST', '/api/v1/jobs', {
      job_type: 'document_process',
      payload: { document_id: uploaded.id },
    })
    expect(again.status).toBe(201)
    await until(String(again.body!.id), 'completed')
    expect((await call('GET', `/api/documents/${uploaded.id}`)).body).toMatchObject({ status: 'completed' })
    expect((await call('POST', '/api/v1/jobs', { job_type: 'document_process', payload: {} })).status).toBe(
      422,
    )
    expect((await call('POST', '/api/v1/jobs', { job_type: 'evaluation_run', payload: {} })).status).toBe(422)
  })
})
