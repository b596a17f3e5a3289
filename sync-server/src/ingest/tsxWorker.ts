import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * A worker thread running a TypeScript entry of the server's. Workers do not inherit the tsx loader
 * of the main thread: each registers it before importing the entry. The thread is unref'd: an idle
 * worker must not keep the process alive at shutdown.
 */
export function tsxWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}) })`
  const worker = new Worker(bootstrap, { ...options, eval: true })
  worker.unref()
  return worker
}
