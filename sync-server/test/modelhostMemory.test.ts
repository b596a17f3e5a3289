import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryModelInstalls } from '../../web/core/modelhost/MemoryModelInstalls'
import { installFailure } from '../../web/core/modelhost/corsHint'
import type { InstallTask } from '../../web/core/modelhost/InstallTask'
import { systemClock } from '../../web/core/kernel/time/Clock'
import { startFakeOllama, type FakeOllama } from './modelhostFakeOllama'
import { pollUntil } from './pollUntil'

// The browser's installs (tasks in the API worker's memory), run here in Node with the global fetch
// against the fake Ollama over real HTTP: the same task views, join and cancel as the server's jobs.

describe('MemoryModelInstalls (the browser’s install tasks)', () => {
  let ollama: FakeOllama
  const installs = () =>
    new MemoryModelInstalls({
      fetch: (input, init) => fetch(input, init),
      clock: systemClock,
      newId: () => crypto.randomUUID(),
      explain: (error) => installFailure(error, 'http://app.test'),
    })
  const follow = async (tasks: MemoryModelInstalls, taskId: string) => {
    const seen: InstallTask[] = []
    for await (const task of tasks.watch(taskId, new AbortController().signal)) seen.push(task)
    return seen
  }
  const until = async (check: () => boolean) => {
    await pollUntil('the check holds', check, 4_000)
    expect(check()).toBe(true)
  }

  beforeAll(async () => {
    ollama = await startFakeOllama()
  })
  afterAll(() => ollama.close())

  it('pulls with a percent summed over the layers, ending completed at 100', async () => {
    ollama.pulls.set('mem:1b', { layers: [200, 200], steps: 2, delayMs: 20 })
    const tasks = installs()
    const { task, deduped } = await tasks.start({ name: 'mem:1b', serverBase: ollama.url })
    expect(deduped).toBe(false)
    const seen = await follow(tasks, task.task_id)
    expect(seen.map((view) => view.percent)).toEqual(
      [...seen.map((view) => view.percent)].sort((a, b) => a - b),
    )
    expect(seen.some((view) => view.percent === 50 && view.completed_bytes === 200)).toBe(true)
    expect(seen.at(-1)).toMatchObject({
      status: 'completed',
      stage: 'success',
      percent: 100,
      total_bytes: 400,
    })
    expect((await tasks.get(task.task_id))?.status).toBe('completed')
  })

  it('joins a running install of the same model on the same server, and cancel closes the pull', async () => {
    ollama.pulls.set('joined:1b', { layers: [1000], steps: 10, stallAfter: 1 })
    const tasks = installs()
    const first = await tasks.start({ name: 'joined:1b', serverBase: ollama.url })
    const second = await tasks.start({ name: 'JOINED:1b', serverBase: ollama.url })
    expect(second).toMatchObject({ deduped: true, task: { task_id: first.task.task_id } })
    await until(() => ollama.pullRequests.filter((name) => name === 'joined:1b').length === 1)
    expect((await tasks.cancel(first.task.task_id))?.status).toBe('cancelled')
    await until(() => ollama.closedPulls.includes('joined:1b'))
    expect(await tasks.get(first.task.task_id)).toMatchObject({ status: 'cancelled', state: 'canceled' })
    // Once it ended, the same install starts a new task.
    ollama.pulls.set('joined:1b', { layers: [10] })
    const again = await tasks.start({ name: 'joined:1b', serverBase: ollama.url })
    expect(again.deduped).toBe(false)
    expect((await follow(tasks, again.task.task_id)).at(-1)?.status).toBe('completed')
  })

  it('fails with Ollama’s error, and names OLLAMA_ORIGINS when the request got no answer', async () => {
    ollama.pulls.set('bad:1b', { layers: [100], steps: 4, failAfter: 1 })
    const tasks = installs()
    const failed = await tasks.start({ name: 'bad:1b', serverBase: ollama.url })
    expect((await follow(tasks, failed.task.task_id)).at(-1)).toMatchObject({
      status: 'failed',
      error: `Ollama at ${ollama.url} reported an error: max retries exceeded: unexpected EOF`,
    })
    // A browser's fetch refused by CORS throws "Failed to fetch" with no reason.
    const refused = new MemoryModelInstalls({
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
      clock: systemClock,
      newId: () => crypto.randomUUID(),
      explain: (error) => installFailure(error, 'http://app.test'),
    })
    const blocked = await refused.start({ name: 'x:1b', serverBase: 'http://localhost:11434' })
    const last = (await follow(refused, blocked.task.task_id)).at(-1)!
    expect(last.status).toBe('failed')
    expect(last.error).toContain('start it with OLLAMA_ORIGINS=http://app.test ollama serve')
  })
})
