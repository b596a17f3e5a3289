import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { CodeDotsJob, ScanHelper } from '../../../web/core/retrieve/index/ScanHelper'

/**
 * The worker's whole program, plain JavaScript evaluated as a script: it needs no module loader (the
 * server runs from TypeScript through tsx, its tests through vitest), and the kernel itself comes
 * compiled with each job. Per job, unless the searching thread has already claimed every block: an
 * instance of the kernel over the job's shared memory, the query codes into its scratch area, then
 * blocks claimed, summed there and copied out as `CodeDotsJob` describes.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
parentPort.on('message', ({ id, job }) => {
  try {
    const { module, memory, queryAt, sumsAt, codesAt, stride, start, count, query, blockRows, out, claims, finished } = job
    const blocks = Math.ceil(count / blockRows)
    if (Atomics.load(claims, 0) < blocks) {
      const { codeDots } = new WebAssembly.Instance(module, { env: { memory } }).exports
      new Int16Array(memory.buffer, queryAt, stride).set(query)
      const sums = new Float64Array(memory.buffer, sumsAt, blockRows)
      for (let block = Atomics.add(claims, 0, 1); block < blocks; block = Atomics.add(claims, 0, 1)) {
        const first = block * blockRows
        const n = Math.min(blockRows, count - first)
        codeDots(codesAt + (start + first) * stride, queryAt, stride, n, sumsAt)
        out.set(n === blockRows ? sums : sums.subarray(0, n), first)
        Atomics.store(finished, block, 1)
      }
    }
    parentPort.postMessage({ id })
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) })
  }
})
`

interface Pending {
  resolve: () => void
  reject: (error: Error) => void
}

/**
 * A `ScanHelper` on one worker thread (one: the scratch area each vector index keeps for its helper
 * is one block). Started on first use, unref'd so it never keeps the process alive; if it dies, its
 * jobs fail (their searches sum those rows themselves) and the next job starts a new one.
 */
export class WorkerScanHelper implements ScanHelper {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 0

  codeDots(job: CodeDotsJob): Promise<void> {
    const worker = this.started()
    const id = this.nextId++
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      try {
        worker.postMessage({ id, job })
      } catch (error) {
        this.pending.delete(id)
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  }

  /** Stops the worker; jobs waiting fail. */
  async close(): Promise<void> {
    const worker = this.worker
    this.worker = null
    if (worker) await worker.terminate()
    this.failAll(new Error('The scan helper was closed'))
  }

  private started(): Worker {
    if (this.worker) return this.worker
    // No execArgv: the parent's (a TypeScript loader, heap flags) serve nothing here.
    const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] })
    worker.unref()
    worker.on('message', ({ id, error }: { id: number; error?: string }) => {
      const waiting = this.pending.get(id)
      this.pending.delete(id)
      if (error === undefined) waiting?.resolve()
      else waiting?.reject(new Error(`Scan helper: ${error}`))
    })
    const lost = (error: Error) => {
      if (this.worker !== worker) return
      this.worker = null
      this.failAll(error)
    }
    worker.on('error', lost)
    worker.on('exit', (code) => lost(new Error(`The scan helper exited (code ${code})`)))
    this.worker = worker
    return worker
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error)
    this.pending.clear()
  }
}

/**
 * The helper for this process, or null on a single core (a second thread there only takes turns with
 * the first). One per process: every person's index shares it.
 */
export function processScanHelper(): WorkerScanHelper | null {
  if (availableParallelism() < 2) return null
  processHelper ??= new WorkerScanHelper()
  return processHelper
}

let processHelper: WorkerScanHelper | undefined
