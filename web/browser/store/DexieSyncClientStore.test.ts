import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, it } from 'vitest'
import { syncClientStoreConformance } from '../../core/sync/syncClientStoreConformance'
import { DexieSyncClientStore } from './DexieSyncClientStore'
import { QuireDatabase } from './QuireDatabase'

describe('DexieSyncClientStore (fake-indexeddb)', () => {
  for (const testCase of syncClientStoreConformance) {
    it(testCase.name, async () => {
      const indexedDB = new IDBFactory()
      const open = () => new QuireDatabase('quire-sync-test', { indexedDB, IDBKeyRange })
      const first = open()
      try {
        await testCase.run({
          store: new DexieSyncClientStore(first),
          reopen: async () => {
            first.close()
            return new DexieSyncClientStore(open())
          },
        })
      } finally {
        first.close()
      }
    })
  }
})
