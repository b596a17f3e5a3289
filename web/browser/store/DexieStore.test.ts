import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, it } from 'vitest'
import { storeConformance } from '../../core/store/conformance/storeConformance'
import type { Store } from '../../core/store/Store'
import { DexieStore } from './DexieStore'
import { QuireDatabase } from './QuireDatabase'

describe('DexieStore (fake-indexeddb) conformance', () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })

  for (const testCase of storeConformance) {
    it(testCase.name, async () => {
      // A fresh IndexedDB per case; reopening uses the same factory, i.e. the same data.
      const indexedDB = new IDBFactory()
      const open = () => new DexieStore(new QuireDatabase('quire-test', { indexedDB, IDBKeyRange }))
      let current: Store = open()
      cleanups.push(() => current.close())
      await testCase.run({
        store: current,
        async reopen() {
          await current.close()
          current = open()
          return current
        },
      })
    })
  }
})
