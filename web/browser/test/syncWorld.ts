import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { DexieFileStore } from '../store/DexieFileStore'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import { SearchIndex } from '../../core/retrieve/index/SearchIndex'
import { HlcClock } from '../../core/sync/Hlc'
import { InMemorySyncClientStore } from '../../core/sync/InMemorySyncClientStore'
import { InMemorySyncServerStore } from '../../core/sync/InMemorySyncServerStore'
import { SyncClient } from '../../core/sync/SyncClient'
import { SyncServer } from '../../core/sync/SyncServer'
import { blobKeysOf } from '../../core/sync/appData/blobKeysOf'
import { SyncApplier } from '../../core/sync/appData/SyncApplier'
import { SyncedStore } from '../../core/sync/appData/SyncedStore'

let databases = 0

/** Two devices over Dexie (fake IndexedDB) and one server in memory, wired as the hosts wire them. */
export function world() {
  const server = new SyncServer(new InMemorySyncServerStore(), new HlcClock('server', () => Date.now()))
  const serverBlobs = new Map<string, Uint8Array>()
  const transport = { push: server.push.bind(server), pull: server.pull.bind(server) }
  const device = (name: string) => {
    const db = new QuireDatabase(`app-data-sync-${++databases}`, { indexedDB: new IDBFactory(), IDBKeyRange })
    const plain = new DexieStore(db)
    const files = new DexieFileStore(db)
    const index = new SearchIndex()
    const errors: unknown[] = []
    const applier = new SyncApplier({
      store: plain,
      files,
      index,
      blobs: { fetch: async (key) => serverBlobs.get(key) },
      currentUserId: async () => `user-on-${name}`,
      logError: (error) => errors.push(error),
    })
    const replica = new InMemorySyncClientStore()
    const client = new SyncClient({
      clientId: name,
      store: replica,
      transport,
      clock: new HlcClock(name, () => Date.now()),
      // As the browser does: a document's (or a plugin's) blobs reach the server before its record.
      async beforePush(mutations) {
        for (const { change } of mutations) {
          for (const key of blobKeysOf(change)) {
            const bytes = await files.get(key)
            if (bytes) serverBlobs.set(key, bytes)
          }
        }
      },
      onRemoteChange: (record) => applier.apply(record),
      onRemoteForget: (kind, id) => applier.forget(kind, id),
    })
    return {
      plain,
      files,
      index,
      errors,
      replica,
      client,
      applier,
      store: new SyncedStore(plain, client, files),
    }
  }
  return { server, transport, device }
}
