import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, it } from 'vitest'
import { fileStoreConformance } from '../../core/testing/conformance/store/fileStoreConformance'
import { DexieFileStore } from './DexieFileStore'
import { QuireDatabase } from './QuireDatabase'

describe('DexieFileStore (fake-indexeddb) conformance', () => {
  for (const testCase of fileStoreConformance) {
    it(testCase.name, async () => {
      const indexedDB = new IDBFactory()
      const open = () => new DexieFileStore(new QuireDatabase('quire-files-test', { indexedDB, IDBKeyRange }))
      await testCase.run({ files: open(), reopen: async () => open() })
    })
  }
})
