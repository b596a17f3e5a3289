import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, it } from 'vitest'
import { runConformanceCase } from '../../core/testing/conformance/store/runConformanceCase'
import { storeConformance } from '../../core/testing/conformance/store/storeConformance'
import { DexieStore } from './DexieStore'
import { QuireDatabase } from './QuireDatabase'

describe('DexieStore (fake-indexeddb) conformance', () => {
  for (const [port, cases] of Object.entries(storeConformance)) {
    describe(port, () => {
      for (const testCase of cases) {
        it(testCase.name, async () => {
          // A fresh IndexedDB per case; reopening uses the same factory, i.e. the same data.
          const indexedDB = new IDBFactory()
          await runConformanceCase(
            testCase,
            () => new DexieStore(new QuireDatabase('quire-test', { indexedDB, IDBKeyRange })),
          )
        })
      }
    })
  }
})
