import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { IngestMemoryOptions, IngestMemoryReply, MemorySummary } from './IngestMemoryOptions'

const childEntry = fileURLToPath(new URL('./ingestMemoryChild.ts', import.meta.url))
// As in loadTest.ts: a file URL, so the child finds tsx under `tsx bench/run.ts` and under vitest alike.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/**
 * Ingests one file in a fresh Node process that samples its own memory. In this process the earlier
 * benchmarks' heap, pdf.js documents and garbage would be counted as the ingest's, and a peak once reached
 * never shows again in maxRSS. Resolves once the child has exited.
 */
export function ingestMemoryInChild(options: IngestMemoryOptions): Promise<MemorySummary> {
  // --expose-gc lets the child collect start-up garbage before its baseline. Its stdout goes to our stderr:
  // stdout carries nothing but result lines.
  const child = fork(childEntry, [], {
    execArgv: ['--expose-gc', '--import', tsxLoader],
    stdio: ['ignore', 2, 2, 'ipc'],
  })
  return new Promise((resolve, reject) => {
    let reply: IngestMemoryReply | undefined
    child.once('message', (message: IngestMemoryReply) => {
      reply = message
      child.disconnect()
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (reply === undefined) {
        reject(new Error(`ingest process exited (code ${code}, signal ${signal}) before reporting a result`))
      } else if (!reply.ok) {
        reject(new Error(`ingest process failed: ${reply.error}`))
      } else {
        resolve(reply.summary)
      }
    })
    child.send(options)
  })
}
