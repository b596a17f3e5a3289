import type { IndexSnapshot } from '../../core/retrieve/snapshot/IndexSnapshot'
import { readBlobSnapshot } from './readBlobSnapshot'

/**
 * The stored index snapshot read straight from IndexedDB, without Dexie, so that a module evaluated
 * before the rest of the API worker can start the read (`earlySnapshotRead`): at 139k passages the read
 * (117 MB, then 49 MB of head and BM25 with `readIndexSnapshot`) was about half of a cold start, and the
 * worker's own start (evaluating its 1 MB of code) could not overlap it. Only a snapshot stored as a
 * Blob (what `DexieIndexSnapshots` writes) is read here: its bytes come off this thread. Anything else
 * (no database yet, an older one without the table, a snapshot stored as bytes by an earlier version,
 * an error, an unreadable snapshot) gives undefined, and the ordinary read happens instead. No database
 * is created or upgraded: an `upgradeneeded` (none yet) is aborted, and the connection closes as soon
 * as the record is read, or when Dexie asks to upgrade.
 */
export function readStoredSnapshot(
  name: string,
  indexedDb: IDBFactory = indexedDB,
): Promise<IndexSnapshot | undefined> {
  return new Promise<{ bytes?: unknown; firstRead?: unknown } | undefined>((resolve) => {
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
        if (!db.objectStoreNames.contains('indexSnapshot')) throw new Error('no snapshot table')
        const get = db.transaction('indexSnapshot', 'readonly').objectStore('indexSnapshot').get('index')
        get.onsuccess = () => {
          db.close()
          resolve(get.result as { bytes?: unknown; firstRead?: unknown } | undefined)
        }
        get.onerror = () => {
          db.close()
          resolve(undefined)
        }
      } catch {
        db.close()
        resolve(undefined)
      }
    }
  })
    .then((record) =>
      record?.bytes instanceof Blob ? readBlobSnapshot(record.bytes, record.firstRead) : undefined,
    )
    .catch(() => undefined)
}
