import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { HealthPollCommand, HealthPollReply } from './HealthPollMessage'
import type { HealthPoll } from './pollHealth'

const childEntry = fileURLToPath(new URL('./healthPollChild.ts', import.meta.url))
// As in loadTest.ts: a file URL, so the child finds tsx under `tsx bench/run.ts` and under vitest alike.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/**
 * `pollHealth` in a Node process of its own: the bench's process builds a 100 MB upload body and
 * polls the job, and a poller sharing its event loop would count that work as server latency.
 * Resolves once the child is polling; `stop` resolves with the samples once it has exited.
 */
export async function pollHealthInChild(url: string, intervalMs = 10): Promise<HealthPoll> {
  const child = fork(childEntry, [], { execArgv: ['--import', tsxLoader], stdio: ['ignore', 2, 2, 'ipc'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve)
    child.once('error', reject)
  })
  const send = (command: HealthPollCommand) => child.send(command)
  const started = new Promise<void>((resolve) => child.once('message', () => resolve()))
  send({ type: 'start', url, intervalMs })
  // Polling is under way once the child says so, not when it was spawned.
  await Promise.race([started, exited])
  return {
    async stop() {
      const reply = new Promise<HealthPollReply>((resolve) => child.once('message', resolve))
      send({ type: 'stop' })
      const answer = await Promise.race([
        reply,
        exited.then((): HealthPollReply => ({ ok: false, error: 'the health poller exited first' })),
      ])
      child.disconnect()
      await exited
      if (!answer.ok) throw new Error(`health poll failed: ${answer.error}`)
      return answer.samples
    },
  }
}
