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

/** The records behind a `StoredIndexRead`: structured-cloneable, so another worker may read them. */
export interface StoredIndexRecords {
  versions: Map<string, string>
  /** The snapshot's record, where its bytes are a Blob: the Blob and the length read first. */
  snapshot?: { blob: Blob; firstRead: unknown }
}

/** The tables read: all three exist from the database's version 8. */
const TABLES = ['indexSnapshot', 'documents', 'chunkSets']

/**
 * The stored index snapshot and the documents' versions, read straight from IndexedDB, without Dexie,
 * so that a module evaluated before the rest of the API worker can start the reads (`earlyIndexRead`):
 * at 139k passages the snapshot's read (117 MB, then 25 MB of head and BM25 with `readIndexSnapshot`)
 * was about half of a cold start, and the worker's own start (evaluating its 1 MB of code) could not
 * overlap it; the versions, read after that code by Dexie, came 0.15-0.7 s after it had been evaluated,
 * often after the snapshot's bytes, and the load, which needs both, waited for them
 * (docs/decisions/0010-browser-cold-start-read.md).
 */
export async function readStoredIndex(
  name: string,
  indexedDb: IDBFactory = indexedDB,
): Promise<StoredIndexRead | undefined> {
  const records = await readStoredIndexRecords(name, indexedDb)
  return records && storedIndexRead(records)
}

/**
 * The read of `records`: the snapshot's bytes read from its Blob (`start`: its first bytes, where
 * another thread has read them), a failure to read them giving no snapshot.
 */
export function storedIndexRead(records: StoredIndexRecords, start?: Uint8Array): StoredIndexRead {
  const { versions, snapshot } = records
  return {
    versions,
    snapshot: snapshot
      ? readBlobSnapshot(snapshot.blob, snapshot.firstRead, start).catch(() => undefined)
      : Promise.resolve(undefined),
  }
}

/**
 * The records `readStoredIndex` reads, in one transaction. Only a snapshot stored as a Blob (what
 * `DexieIndexSnapshots` writes) is taken: its bytes can be read a range at a time, off the reading
 * thread. No database yet, an older one without these tables, or an error gives undefined, and the
 * ordinary reads happen instead. No database is created or upgraded: an `upgradeneeded` (none yet) is
 * aborted, and the connection closes as soon as the records are read, or when Dexie asks to upgrade.
 */
export function readStoredIndexRecords(
  name: string,
  indexedDb: IDBFactory = indexedDB,
): Promise<StoredIndexRecords | undefined> {
  return new Promise<StoredIndexRecords | undefined>((resolve) => {
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
        transaction.oncomplete = () => {
          db.close()
          const stored = record.result as { bytes?: unknown; firstRead?: unknown } | undefined
          resolve({
            versions: documentVersions(documents.result, sets.result),
            ...(stored?.bytes instanceof Blob
              ? { snapshot: { blob: stored.bytes, firstRead: stored.firstRead } }
              : {}),
          })
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
