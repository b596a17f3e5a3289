import { readStoredIndex, storedIndexRead, type StoredIndexRead } from '../store/readStoredIndex'
import type { IndexReaderMessage } from './IndexReaderMessage'

/**
 * The index snapshot's read and the documents' versions, begun when this module is evaluated: the API
 * worker's entry (`apiWorker.ts`) imports it, then the rest of the worker's code, so the reads run
 * while that code is fetched and evaluated. They are made by a worker of this one's
 * (`indexReaderWorker`), whose thread, unlike this one, is free to take the snapshot's bytes as they
 * come; where no worker can be started here, or it fails, this one reads (`readStoredIndex`).
 */
export const earlyIndexRead: Promise<StoredIndexRead | undefined> =
  typeof indexedDB === 'undefined' ? Promise.resolve(undefined) : readInWorker()

function readInWorker(): Promise<StoredIndexRead | undefined> {
  if (typeof Worker === 'undefined') return readStoredIndex('quire')
  return new Promise((resolve) => {
    let reader: Worker
    try {
      reader = new Worker(new URL('./indexReaderWorker.ts', import.meta.url), {
        type: 'module',
        name: 'quire-index-read',
      })
    } catch {
      return resolve(readStoredIndex('quire'))
    }
    reader.onmessage = ({ data }: MessageEvent<IndexReaderMessage>) => {
      reader.terminate()
      resolve(data.records && storedIndexRead(data.records, data.start))
    }
    reader.onerror = reader.onmessageerror = () => {
      reader.terminate()
      resolve(readStoredIndex('quire'))
    }
  })
}
