import { describe, it } from 'vitest'
import { InMemorySyncServerStore } from './InMemorySyncServerStore'
import { syncServerStoreConformance } from '../testing/conformance/sync/syncServerStoreConformance'

describe('InMemorySyncServerStore', () => {
  for (const testCase of syncServerStoreConformance) {
    it(testCase.name, async () => {
      const store = new InMemorySyncServerStore()
      await testCase.run({
        store,
        compact: async (retentionMs, now) => store.compact(retentionMs, now),
        allRecords: async () => store.allRecords(),
      })
    })
  }
})
