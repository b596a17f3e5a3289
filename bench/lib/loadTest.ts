import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { LoadSummary, LoadTestOptions, LoadTestReply } from './LoadTestOptions'

const childEntry = fileURLToPath(new URL('./loadTestChild.ts', import.meta.url))
// Resolved to a file URL so that the child finds tsx whatever its working directory; works the same
// under `tsx bench/run.ts` and under vitest, which have different execArgv of their own.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/**
 * Load-tests one target with autocannon in a separate Node process. The servers under test run in this
 * process; an in-process autocannon would share their event loop and count its own work as server
 * latency. Resolves once the child has exited, so it cannot compete with the next measurement.
 */
export function loadTest(options: LoadTestOptions): Promise<LoadSummary> {
  // stdout of the child goes to our stderr: stdout carries nothing but result lines.
  const child = fork(childEntry, [], { execArgv: ['--import', tsxLoader], stdio: ['ignore', 2, 2, 'ipc'] })
  return new Promise((resolve, reject) => {
    let reply: LoadTestReply | undefined
    child.once('message', (message: LoadTestReply) => {
      reply = message
      child.disconnect()
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (reply === undefined) {
        reject(new Error(`load generator exited (code ${code}, signal ${signal}) before reporting a result`))
      } else if (!reply.ok) {
        reject(new Error(`load generator failed: ${reply.error}`))
      } else {
        resolve(reply.summary)
      }
    })
    child.send(options)
  })
}
