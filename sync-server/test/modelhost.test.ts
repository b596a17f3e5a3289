import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { readSse } from '../../web/core/http/readSse'
import type { InstallTask } from '../../web/core/modelhost/InstallTask'
import { parseOutboundAllow } from '../src/outbound/outboundAllow'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { guardConnections } from './guardConnections'
import { startFakeOllama, type FakeOllama } from './modelhostFakeOllama'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { callJson } from './callJson'

// Issue 18, part 3: the local model host (/api/v1/modelhost/*) on the sync server with accounts, over
// real HTTP against a fake Ollama written in the test. The fake's port is allowed by OUTBOUND_ALLOW,
// as an operator would allow their own Ollama; anything else private is refused.

type Quire = Awaited<ReturnType<typeof startTestServer>>
const M = '/api/v1/modelhost'
/** An answer's JSON: the fields these tests read. */
type Answer = Record<string, unknown> & {
  task_id?: string
  status?: string
  percent?: number
  deduped?: boolean
}
const REFUSED = 'which this server does not reach; an operator can allow it with OUTBOUND_ALLOW'

describe('the local model host on the sync server', () => {
  let quire: Quire
  let ollama: FakeOllama
  let refused: FakeUpstream
  let alice: TestUser
  let bob: TestUser

  const call = async (user: TestUser, method: string, path: string, json?: unknown) => {
    const { status, text } = await callJson(quire.url, method, path, json, user.auth)
    return { status, body: text === '' ? undefined : (JSON.parse(text) as Answer) }
  }
  const install = (name: string, extra: Record<string, unknown> = {}, user = alice) =>
    call(user, 'POST', `${M}/install`, { name, server_url: ollama.url, stream: true, ...extra })
  /** Every event of a task's stream, from now to its end. */
  const events = async (taskId: string, user = alice): Promise<InstallTask[]> => {
    const response = await fetch(`${quire.url}${M}/install/${taskId}/events`, { headers: user.auth })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const seen: InstallTask[] = []
    for await (const event of readSse(response.body!)) {
      expect(event.event).toBe('message')
      seen.push(JSON.parse(event.data) as InstallTask)
    }
    return seen
  }
  const until = async (check: () => Promise<boolean> | boolean) => {
    for (let tries = 0; tries < 200; tries++) {
      if (await check()) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error('timed out waiting')
  }

  beforeAll(async () => {
    ollama = await startFakeOllama()
    refused = await startFakeUpstream()
    quire = await startTestServer({
      accounts: true,
      outbound: { allow: parseOutboundAllow(`127.0.0.1:${ollama.port}`) },
    })
    alice = await signUpForTest(quire.url, 'alice')
    bob = await signUpForTest(quire.url, 'bob')
  })
  afterAll(async () => {
    await quire?.stop()
    await ollama?.close()
    await refused?.close()
  })
  afterEach(() => {
    ollama.pulls.clear()
  })

  it('tests the connection and lists the installed models', async () => {
    ollama.installed.add('present:1b')
    expect(await call(alice, 'GET', `${M}/test?server_url=${encodeURIComponent(ollama.url)}`)).toEqual({
      status: 200,
      body: { status: 'success', version: '0.5.7-fake' },
    })
    const models = await call(
      alice,
      'GET',
      `${M}/models?server_url=${encodeURIComponent(`${ollama.url}/api/`)}`,
    )
    expect(models.status).toBe(200)
    expect(models.body).toEqual([
      expect.objectContaining({
        name: 'present:1b',
        size: 1234,
        details: { family: 'fake', parameter_size: '1B' },
      }),
    ])
  })

  it('answers BrainDrive’s Ollama plugin at /api/v1/ollama/*, its server_url encoded twice as the plugin sends it', async () => {
    // ComponentOllamaServer.tsx: params {server_url: encodeURIComponent(address)}, encoded again by its
    // HTTP client; install posts {name, server_url, api_key} and follows install/{task_id}/events.
    ollama.installed.add('present:1b')
    const twice = encodeURIComponent(encodeURIComponent(ollama.url))
    expect(await call(alice, 'GET', `/api/v1/ollama/test?server_url=${twice}`)).toEqual({
      status: 200,
      body: { status: 'success', version: '0.5.7-fake' },
    })
    const models = await call(alice, 'GET', `/api/v1/ollama/models?server_url=${twice}`)
    expect(models.body).toEqual([expect.objectContaining({ name: 'present:1b' })])
    ollama.pulls.set('plugin:1b', { layers: [100], steps: 2, delayMs: 10 })
    const started = await call(alice, 'POST', '/api/v1/ollama/install', {
      name: 'plugin:1b',
      server_url: ollama.url,
    })
    expect(started.status).toBe(200)
    const response = await fetch(`${quire.url}/api/v1/ollama/install/${started.body!.task_id}/events`, {
      headers: alice.auth,
    })
    const states: string[] = []
    for await (const event of readSse(response.body!))
      states.push((JSON.parse(event.data) as InstallTask).state)
    expect(states.at(-1)).toBe('completed')
    // Decoded, the address is checked as any other: credentials in it are refused, naming the field.
    const withPassword = encodeURIComponent(encodeURIComponent('http://user:secret@127.0.0.1:11434'))
    const bad = await call(alice, 'GET', `/api/v1/ollama/test?server_url=${withPassword}`)
    expect(bad.status).toBe(422)
  })

  it('installs a model of several layers: the percent rises, summed over the layers, to 100 and success', async () => {
    ollama.pulls.set('tiny:1b', { layers: [300, 100, 100], steps: 4, delayMs: 40 })
    const started = await install('tiny:1b')
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({ deduped: false, already_installed: false })
    const taskId = started.body!.task_id as string
    const seen = await events(taskId)
    const percents = seen.map((task) => task.percent)
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThanOrEqual(percents[i - 1]!)
    // After the first layer (300 of 500 bytes) the percent is 60, not the 100 of that layer alone.
    expect(
      seen.some(
        (task) => task.stage === 'downloading' && task.completed_bytes === 300 && task.percent === 60,
      ),
    ).toBe(true)
    expect(seen.map((task) => task.stage)).toEqual(expect.arrayContaining(['downloading', 'success']))
    expect(seen.at(-1)).toMatchObject({
      task_id: taskId,
      status: 'completed',
      state: 'completed',
      stage: 'success',
      percent: 100,
      progress: 100,
      completed_bytes: 500,
      total_bytes: 500,
      name: 'tiny:1b',
      server_base: ollama.url,
      error: null,
    })
    expect((await call(alice, 'GET', `${M}/install/${taskId}`)).body).toMatchObject({
      status: 'completed',
      percent: 100,
    })
    // It is a job of the server's queue, with its progress events (the stage as their message).
    const job = await call(alice, 'GET', `/api/v1/jobs/${taskId}`)
    // BrainDrive's job type, by which its Ollama plugin finds the installs among the jobs.
    expect(job.body).toMatchObject({ job_type: 'ollama.install', status: 'completed', progress_percent: 100 })
    expect(job.body!.payload).toEqual({
      model_name: 'tiny:1b',
      server_url: ollama.url,
      install_key: `${ollama.url}|tiny:1b`,
    })
    const jobEvents = (await call(alice, 'GET', `/api/v1/jobs/${taskId}/events`)).body as unknown as Array<{
      type: string
      data: { message?: string }
    }>
    expect(
      jobEvents.filter((event) => event.type === 'progress').map((event) => event.data.message),
    ).toContain('downloading')
    // The list shows it now; a late subscriber gets the end at once.
    const models = await call(alice, 'GET', `${M}/models?server_url=${encodeURIComponent(ollama.url)}`)
    expect((models.body as unknown as Array<{ name: string }>).map((model) => model.name)).toContain(
      'tiny:1b',
    )
    expect((await events(taskId)).map((task) => task.status)).toEqual(['completed'])
  })

  it('answers at once when the model is installed already, unless force_reinstall', async () => {
    ollama.installed.add('present:1b')
    const before = ollama.pullRequests.length
    const answer = await install('present:1b')
    expect(answer.body).toMatchObject({
      task_id: null,
      already_installed: true,
      already_exists: true,
      state: 'completed',
    })
    expect(answer.body!.message).toBe(`present:1b is already installed on ${ollama.url}`)
    expect(ollama.pullRequests.length).toBe(before)
    ollama.pulls.set('present:1b', { layers: [10] })
    const forced = await install('present:1b', { force_reinstall: true })
    expect(forced.body!.task_id).toEqual(expect.any(String))
    expect((await events(forced.body!.task_id!)).at(-1)!.status).toBe('completed')
    expect(ollama.pullRequests.slice(before)).toEqual(['present:1b'])
  })

  it('sends BrainDrive’s api_key as a Bearer token to Ollama, and never stores it in the job', async () => {
    // The Ollama plugin's body: {name, server_url, api_key} (no stream, no force_reinstall).
    ollama.pulls.set('keyed:1b', { layers: [10] })
    ollama.authorization.length = 0
    const { body } = await call(alice, 'POST', `${M}/install`, {
      name: 'keyed:1b',
      server_url: ollama.url,
      api_key: 'proxy-secret-key',
    })
    expect((await events(body!.task_id!)).at(-1)!.status).toBe('completed')
    expect(ollama.authorization).toEqual([
      ['/api/tags', 'Bearer proxy-secret-key'],
      ['/api/pull', 'Bearer proxy-secret-key'],
    ])
    const job = await fetch(`${quire.url}/api/v1/jobs/${body!.task_id}`, { headers: alice.auth })
    const events_ = await fetch(`${quire.url}/api/v1/jobs/${body!.task_id}/events`, { headers: alice.auth })
    expect(await job.text()).not.toContain('proxy-secret-key')
    expect(await events_.text()).not.toContain('proxy-secret-key')
  })

  it('ends failed with Ollama’s error, worded, when the pull fails half way', async () => {
    ollama.pulls.set('broken:1b', { layers: [100, 100], steps: 2, failAfter: 2 })
    const { body } = await install('broken:1b')
    const last = (await events(body!.task_id!)).at(-1)!
    expect(last).toMatchObject({ status: 'failed', state: 'error', stage: 'failed', percent: 50 })
    expect(last.error).toBe(`Ollama at ${ollama.url} reported an error: max retries exceeded: unexpected EOF`)
    expect((await call(alice, 'GET', `/api/v1/jobs/${body!.task_id}`)).body).toMatchObject({
      status: 'failed',
      error: last.error,
    })
  })

  it('cancels an install: the fake sees the pull request close and the task ends cancelled', async () => {
    ollama.pulls.set('slow:1b', { layers: [1000], steps: 10, stallAfter: 2 })
    const { body } = await install('slow:1b')
    const taskId = body!.task_id as string
    await until(async () => (await call(alice, 'GET', `${M}/install/${taskId}`)).body!.percent === 20)
    const cancelled = await call(alice, 'DELETE', `${M}/install/${taskId}`)
    expect(cancelled).toMatchObject({ status: 200, body: { task_id: taskId, state: 'canceling' } })
    await until(() => ollama.closedPulls.includes('slow:1b'))
    await until(async () => (await call(alice, 'GET', `${M}/install/${taskId}`)).body!.status === 'cancelled')
    expect((await call(alice, 'GET', `${M}/install/${taskId}`)).body).toMatchObject({
      state: 'canceled',
      stage: 'cancelled',
    })
    // Cancelling an ended task answers its state.
    expect((await call(alice, 'DELETE', `${M}/install/${taskId}`)).body).toMatchObject({ state: 'canceled' })
  })

  it('joins a second install of the same model on the same server: one task, one pull', async () => {
    ollama.pulls.set('shared:1b', { layers: [1000], steps: 10, stallAfter: 1 })
    const before = ollama.pullRequests.length
    const [first, second] = await Promise.all([install('shared:1b'), install('shared:1b')])
    const third = await call(alice, 'POST', `${M}/install`, {
      name: 'shared:1b',
      server_url: `${ollama.url}/api`,
    })
    expect(second.body!.task_id).toBe(first.body!.task_id)
    expect(third.body!.task_id).toBe(first.body!.task_id)
    expect([first.body!.deduped, second.body!.deduped].sort()).toEqual([false, true])
    expect(third.body!.deduped).toBe(true)
    await until(() => ollama.pullRequests.length > before)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(ollama.pullRequests.slice(before)).toEqual(['shared:1b'])
    await call(alice, 'DELETE', `${M}/install/${first.body!.task_id}`)
    await until(() => ollama.closedPulls.includes('shared:1b'))
  })

  it('deletes a model; one Ollama does not have is 404 with its message', async () => {
    ollama.installed.add('gone:1b')
    expect(await call(alice, 'DELETE', `${M}/delete`, { name: 'gone:1b', server_url: ollama.url })).toEqual({
      status: 200,
      body: { status: 'success', data: { name: 'gone:1b' } },
    })
    expect(ollama.installed.has('gone:1b')).toBe(false)
    expect(await call(alice, 'DELETE', `${M}/delete`, { name: 'gone:1b', server_url: ollama.url })).toEqual({
      status: 404,
      body: { detail: `Ollama at ${ollama.url} answered 404: model 'gone:1b' not found` },
    })
  })

  it('refuses a private address in multi-user mode, before any connection', async () => {
    const guard = guardConnections()
    try {
      // A refusal by the policy is the address's fault, not an outage: 400 (issue 31, item 9).
      const test = await call(alice, 'GET', `${M}/test?server_url=${encodeURIComponent(refused.url)}`)
      expect(test.status).toBe(400)
      expect(test.body!.detail).toBe(
        `Could not reach Ollama at ${refused.url} (127.0.0.1 is a loopback address, ${REFUSED}).`,
      )
      const installing = await install('tiny:1b', { server_url: 'http://10.0.0.5:11434' })
      expect(installing.status).toBe(400)
      expect(installing.body!.detail).toContain(`10.0.0.5 is a private address, ${REFUSED}`)
      // Forced (no check first), the job itself is refused the same way.
      const forced = await install('tiny:1b', { server_url: refused.url, force_reinstall: true })
      const last = (await events(forced.body!.task_id!)).at(-1)!
      expect(last.status).toBe('failed')
      expect(last.error).toContain(`127.0.0.1 is a loopback address, ${REFUSED}`)
      expect(refused.connections).toBe(0)
      expect(guard.attempts).toEqual([])
    } finally {
      guard.restore()
    }
  })

  it('says when Ollama is not running', async () => {
    const dead = await startFakeUpstream()
    await dead.close()
    const deadQuire = await startTestServer({ outbound: {} })
    try {
      const response = await fetch(`${deadQuire.url}${M}/test?server_url=${encodeURIComponent(dead.url)}`)
      expect(response.status).toBe(502)
      expect(await response.json()).toEqual({
        detail: `Could not reach Ollama at ${dead.url} (connection refused; is it running?).`,
      })
    } finally {
      await deadQuire.stop()
    }
  })

  it('keeps each person’s tasks their own: another cannot read, follow or cancel them (404)', async () => {
    ollama.pulls.set('private:1b', { layers: [1000], steps: 10, stallAfter: 1 })
    const { body } = await install('private:1b')
    const taskId = body!.task_id as string
    for (const [method, path] of [
      ['GET', `${M}/install/${taskId}`],
      ['GET', `${M}/install/${taskId}/events`],
      ['DELETE', `${M}/install/${taskId}`],
    ] as const) {
      expect(await call(bob, method, path), `${method} ${path}`).toEqual({
        status: 404,
        body: { detail: 'Task not found' },
      })
    }
    // Bob's install of the same model is his own task, not a join of Alice's.
    const bobs = await install('private:1b', {}, bob)
    expect(bobs.body!.task_id).not.toBe(taskId)
    expect(bobs.body!.deduped).toBe(false)
    expect((await call(alice, 'GET', `${M}/install/${taskId}`)).body!.status).toBe('running')
    await call(alice, 'DELETE', `${M}/install/${taskId}`)
    await call(bob, 'DELETE', `${M}/install/${bobs.body!.task_id}`)
    // A job of another type is no install task either.
    const jobs = (await call(alice, 'GET', '/api/v1/jobs')).body as {
      items: Array<{ id: string; job_type: string }>
    }
    const other = jobs.items.find((job) => job.job_type !== 'ollama.install')
    if (other) expect((await call(alice, 'GET', `${M}/install/${other.id}`)).status).toBe(404)
  })

  it('runs and answers for an install stored under Quire’s earlier job type, model_install', async () => {
    ollama.pulls.set('earlier:1b', { layers: [100], steps: 2, delayMs: 10 })
    // As a server of an earlier version stored it, before a restart on this one.
    const { job } = await quire.jobs.create(alice.id, {
      job_type: 'model_install',
      payload: { model_name: 'earlier:1b', server_url: ollama.url, install_key: `${ollama.url}|earlier:1b` },
    })
    await until(async () => (await call(alice, 'GET', `${M}/install/${job.id}`)).body?.status === 'completed')
    expect((await call(alice, 'GET', `/api/v1/jobs/${job.id}`)).body).toMatchObject({
      job_type: 'model_install',
      status: 'completed',
    })
  })

  it('answers bad input with 422 naming the field, unknown tasks with 404', async () => {
    const issues = async (method: string, path: string, json?: unknown) => {
      const answer = await call(alice, method, path, json)
      expect(answer.status, `${method} ${path}`).toBe(422)
      return (answer.body!.detail as Array<{ loc: string[]; msg: string }>).map((issue) => [
        issue.loc.join('.'),
        issue.msg,
      ])
    }
    expect(await issues('POST', `${M}/install`, { server_url: ollama.url })).toEqual([
      ['body.name', expect.any(String)],
    ])
    expect(await issues('POST', `${M}/install`, { name: 'bad name; rm', server_url: ollama.url })).toEqual([
      ['body.name', 'may hold only letters, digits and . - _ / :'],
    ])
    expect(await issues('POST', `${M}/install`, { name: 'x', server_url: 'file:///etc/passwd' })).toEqual([
      [
        'body.server_url',
        'must be an http:// or https:// URL of an Ollama server, without a user name or password',
      ],
    ])
    expect(await issues('GET', `${M}/models`)).toEqual([['query.server_url', expect.any(String)]])
    expect(await issues('GET', `${M}/test?server_url=ollama`)).toEqual([
      ['query.server_url', expect.any(String)],
    ])
    expect(await issues('DELETE', `${M}/delete`, { name: 'x' })).toEqual([
      ['body.server_url', expect.any(String)],
    ])
    expect(await call(alice, 'GET', `${M}/install/no-such-task`)).toEqual({
      status: 404,
      body: { detail: 'Task not found' },
    })
    expect((await call(alice, 'DELETE', `${M}/install/${crypto.randomUUID()}`)).status).toBe(404)
  })
})
