/// <reference lib="webworker" />
/**
 * A worker of the API worker's, for the first moments of its start only: reads the index's records
 * (`readStoredIndexRecords`) and the snapshot's first bytes (its head and BM25's part, 25 MB at 139k
 * passages), posts them to the API worker (the bytes moved, not copied), and ends. A Blob's bytes
 * reach the thread that reads them a piece at a time, each piece a task of that thread: read by the API
 * worker, which at a cold start is busy evaluating its own 1 MB of code, then loading, 25 MB took 0.5-1 s
 * where an idle thread reads them in 0.2-0.35 s (docs/decisions/0010-browser-cold-start-read.md). This
 * thread has nothing else to do.
 */
import { firstReadEnd } from '../../core/retrieve/snapshot/readIndexSnapshot'
import { readStoredIndexRecords } from '../store/readStoredIndex'
import type { IndexReaderMessage } from './IndexReaderMessage'

const scope = self as unknown as DedicatedWorkerGlobalScope

async function readFirstBytes(): Promise<IndexReaderMessage> {
  const records = await readStoredIndexRecords('quire')
  if (!records?.snapshot) return { records }
  const { blob, firstRead } = records.snapshot
  const end = firstReadEnd(blob.size, typeof firstRead === 'number' ? firstRead : undefined)
  // Unread here, the API worker reads them itself.
  const start = await blob
    .slice(0, end)
    .arrayBuffer()
    .then((buffer) => new Uint8Array(buffer))
    .catch(() => undefined)
  return { records, start }
}

void readFirstBytes()
  .catch(() => ({ records: undefined }))
  .then((message: IndexReaderMessage) => {
    scope.postMessage(message, message.start ? [message.start.buffer] : [])
    scope.close()
  })
