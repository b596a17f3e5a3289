import type { IndexSnapshot } from '../../core/retrieve/snapshot/IndexSnapshot'
import { documentVersions } from './documentVersion'
import { readBlobSnapshot } from './readBlobSnapshot'

/** What a load of the search index reads first (`DexieIndexSnapshots`), read before Dexie opens. */
export interface StoredIndexRead {
  /** Every document's version (`documentVersions`), read in the transaction that found the snapshot. */
  versions: Map<string, string>
  /** The snapshot, where it is stored as a Blob; undefined for anything else (the ordinary read does it). */
  snapshot: Promise<IndexSnapshot | undefined>
}

/** The tables read: all three exist from the database's version 8. */
const TABLES = ['indexSnapshot', 'documents', 'chunkSets']

/**
 * The stored index snapshot and the documents' versions, read straight from IndexedDB, without Dexie,
 * so that a module evaluated before the rest of the API worker can start the reads (`earlySnapshotRead`):
 * at 139k passages the snapshot's read (117 MB, then 49 MB of head and BM25 with `readIndexSnapshot`)
 * was about half of a cold start, and the worker's own start (evaluating its 1 MB of code) could not
 * overlap it; the versions, read after that code by Dexie, came 0.15-0.7 s after it had been evaluated,
 * often after the snapshot's bytes (session 52): the load, which needs both, waited for them. Only a
 * snapshot stored as a Blob (what `DexieIndexSnapshots` writes) is read here: its bytes come off this
 * thread. No database yet, an older one without these tables, or an error gives undefined, and the
 * ordinary reads happen instead. No database is created or upgraded: an `upgradeneeded` (none yet) is
 * aborted, and the connection closes as soon as the records are read, or when Dexie asks to upgrade.
 */
export function readStoredIndex(
  name: string,
  indexedDb: IDBFactory = indexedDB,
): Promise<StoredIndexRead | undefined> {
  return new Promise<StoredIndexRead | undefined>((resolve) => {
    let request: IDBOpenDBRequest
    try {
      request = indexedDb.open(name)
    } catch {
      return resolve(undefined)
    }
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = () => resolve(undefined)
    request.onblocked = () => resolve(undefined)
    request.onsuccess = () => {
      const db = request.result
      db.onversionchange = () => db.close()
      try {
        if (!TABLES.every((table) => db.objectStoreNames.contains(table))) throw new Error('no such tables')
        const transaction = db.transaction(TABLES, 'readonly')
        const record = transaction.objectStore('indexSnapshot').get('index')
        const documents = transaction.objectStore('documents').getAll()
        const sets = transaction.objectStore('chunkSets').getAll()
        // The snapshot's bytes are read from the moment its record is in, not after the versions.
        let snapshot: Promise<IndexSnapshot | undefined> = Promise.resolve(undefined)
        record.onsuccess = () => {
          const stored = record.result as { bytes?: unknown; firstRead?: unknown } | undefined
          if (stored?.bytes instanceof Blob)
            snapshot = readBlobSnapshot(stored.bytes, stored.firstRead).catch(() => undefined)
        }
        transaction.oncomplete = () => {
          db.close()
          resolve({ versions: documentVersions(documents.result, sets.result), snapshot })
        }
        transaction.onerror = transaction.onabort = () => {
          db.close()
          resolve(undefined)
        }
      } catch {
        db.close()
        resolve(undefined)
      }
    }
  }).catch(() => undefined)
}
