import { readStoredIndex, type StoredIndexRead } from '../store/readStoredIndex'

/**
 * The index snapshot's read and the documents' versions, begun when this module is evaluated: the API
 * worker's entry (`apiWorker.ts`) imports it, then the rest of the worker's code, so the reads run
 * while that code is fetched and evaluated (`readStoredIndex`).
 */
export const earlyIndexRead: Promise<StoredIndexRead | undefined> =
  typeof indexedDB === 'undefined' ? Promise.resolve(undefined) : readStoredIndex('quire')
