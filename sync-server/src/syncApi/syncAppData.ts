import type { ChunkRecord } from '../../../web/core/store/ChunkRecord'
import type { FileStore } from '../../../web/core/store/FileStore'
import type { Store } from '../../../web/core/store/Store'
import { captureExisting } from '../../../web/core/sync/appData/captureExisting'
import { SyncApplier } from '../../../web/core/sync/appData/SyncApplier'
import { SyncedStore } from '../../../web/core/sync/appData/SyncedStore'
import type { SyncSink } from '../../../web/core/sync/appData/SyncSink'
import type { SyncSpace } from './openSyncSpace'

export interface SyncedAppData {
  /** The store the person's routes and jobs write through: every write also enters their sync log. */
  store: Store
  /**
   * Starts applying what devices push to the person's data (with the search index it keeps up to
   * date), after logging the data the log does not hold yet (a space from before sync existed).
   */
  connect(index: {
    add(chunks: readonly ChunkRecord[]): void
    removeDocument(id: string): void
    replaceDocument(id: string, chunks: readonly ChunkRecord[]): Promise<void>
  }): Promise<void>
}

/**
 * Ties a person's data on the server to their sync log, both ways: what a script writes through the
 * REST surface is logged (stamped by the server's clock) and announced to their devices, and what
 * their devices push is applied to the data scripts see. The applier writes to the plain store, so
 * an applied change is not logged a second time.
 */
export function syncAppData(
  sync: SyncSpace,
  store: Store,
  files: FileStore,
  userId: string,
  logError: (error: unknown) => void,
): SyncedAppData {
  const sink: SyncSink = {
    changes: async (changes) => {
      for (const { kind, id, fields } of changes)
        sync.notifier.changed(await sync.server.change(kind, id, fields))
    },
    remove: async (kind, id) => sync.notifier.changed(await sync.server.remove(kind, id)),
  }
  return {
    store: new SyncedStore(store, sink, files, logError),
    async connect(index) {
      if ((await sync.store.latestSeq()) === 0) {
        await captureExisting(
          store,
          files,
          sink,
          async (kind, id) => !!(await sync.store.getRecord(kind, id)),
        )
      }
      const applier = new SyncApplier({
        store,
        files,
        index,
        // A device uploads a document's blobs before pushing it: a blob missing here is missing.
        blobs: { fetch: async () => undefined },
        currentUserId: async () => userId,
        logError,
      })
      sync.server.onPushed = (record) => applier.apply(record)
    },
  }
}
