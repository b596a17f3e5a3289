import { describe, it } from 'vitest'
import { InMemorySyncClientStore } from './InMemorySyncClientStore'
import { syncClientStoreConformance } from '../testing/conformance/sync/syncClientStoreConformance'

describe('InMemorySyncClientStore', () => {
  for (const testCase of syncClientStoreConformance) {
    it(testCase.name, async () => {
      // In memory, "reopening" hands back the same store: its data is all there is.
      const store = new InMemorySyncClientStore()
      await testCase.run({ store, reopen: async () => store })
    })
  }
})
