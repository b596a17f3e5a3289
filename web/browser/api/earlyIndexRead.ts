import type { IndexSnapshot } from '../../core/retrieve/snapshot/IndexSnapshot'
import { readStoredSnapshot } from '../store/readStoredSnapshot'

/**
 * The index snapshot's read, begun when this module is evaluated: the API worker's entry
 * (`apiWorker.ts`) imports it, then the rest of the worker's code, so the read runs while that code is
 * fetched and evaluated (`readStoredSnapshot`).
 */
export const earlySnapshotRead: Promise<IndexSnapshot | undefined> =
  typeof indexedDB === 'undefined' ? Promise.resolve(undefined) : readStoredSnapshot('quire')
