/// <reference lib="webworker" />
/**
 * The API worker's entry: starts the index snapshot's read (and the documents' versions'), then imports
 * the worker itself (`serveApiWorker.ts`, about 1 MB). At 139k passages the read (117 MB) bounds a cold
 * start, and IndexedDB answers the worker only between tasks: begun by the first module of one big
 * script, the read's first answers waited 0.4-0.6 s for the rest of that script to be evaluated, and the
 * script for its fetch and compile before that (docs/decisions/0010-browser-cold-start-read.md). From here
 * the read's answers come while the rest is fetched. Messages the page posts meanwhile are held
 * (`holdMessages`).
 */
// Evaluated first: begins the reads (`serveApiWorker` takes its answers from the same module).
import './earlyIndexRead'
import { holdMessages } from './holdMessages'

const endpoint = holdMessages(self as unknown as DedicatedWorkerGlobalScope)
import('./serveApiWorker')
  .then(({ serveApiWorker }) => serveApiWorker(endpoint))
  .catch((error: unknown) => {
    // Uncaught, it reaches the page's `worker.onerror` as the worker's failure to start.
    setTimeout(() => {
      throw error
    })
  })
