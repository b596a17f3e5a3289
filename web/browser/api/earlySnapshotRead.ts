import { readStoredSnapshot } from '../store/readStoredSnapshot'

/**
 * The index snapshot's read, begun when this module is evaluated: the API worker imports it first, so
 * the read runs while the rest of the worker's code is evaluated (`readStoredSnapshot`).
 */
export const earlySnapshotRead: Promise<Uint8Array | undefined> =
  typeof indexedDB === 'undefined' ? Promise.resolve(undefined) : readStoredSnapshot('quire')
