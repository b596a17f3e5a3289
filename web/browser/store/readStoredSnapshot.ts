/**
 * The stored index snapshot's bytes read straight from IndexedDB, without Dexie, so that a module
 * evaluated before the rest of the API worker can start the read (`earlySnapshotRead`): at 139k
 * passages the read of 117 MB was about half of a cold start, and the worker's own start (evaluating
 * its 1 MB of code) could not overlap it. Only a snapshot stored as a Blob (what `DexieIndexSnapshots`
 * writes) is read here: its bytes come off this thread. Anything else (no database yet, an older one
 * without the table, a snapshot stored as bytes by an earlier version, an error) gives undefined, and
 * the ordinary read happens instead. No database is created or upgraded: an `upgradeneeded` (none
 * yet) is aborted, and the connection closes as soon as the record is read, or when Dexie asks to
 * upgrade.
 */
export function readStoredSnapshot(
  name: string,
  indexedDb: IDBFactory = indexedDB,
): Promise<Uint8Array | undefined> {
  return new Promise<Blob | undefined>((resolve) => {
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
          const bytes = (get.result as { bytes?: unknown } | undefined)?.bytes
          resolve(bytes instanceof Blob ? bytes : undefined)
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
    .then(async (blob) => (blob ? new Uint8Array(await blob.arrayBuffer()) : undefined))
    .catch(() => undefined)
}
