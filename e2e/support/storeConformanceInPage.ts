/**
 * Bundled into the page by e2e/store-conformance.spec.ts: runs one store conformance case against
 * the Dexie adapter on Chromium's real IndexedDB, each case in a database of its own.
 */
import Dexie from 'dexie'
import { DexieStore } from '../../web/browser/store/DexieStore'
import { QuireDatabase } from '../../web/browser/store/QuireDatabase'
import { storeConformance } from '../../web/core/store/conformance/storeConformance'
import type { Store } from '../../web/core/store/Store'

async function runStoreCase(name: string): Promise<string | null> {
  const testCase = storeConformance.find((c) => c.name === name)
  if (!testCase) return `no conformance case named ${name}`
  const dbName = `quire-conformance-${crypto.randomUUID()}`
  let store: Store = new DexieStore(new QuireDatabase(dbName))
  try {
    await testCase.run({
      store,
      async reopen() {
        await store.close()
        store = new DexieStore(new QuireDatabase(dbName))
        return store
      },
    })
    return null
  } catch (error) {
    return error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error)
  } finally {
    await store.close()
    await Dexie.delete(dbName)
  }
}

Object.assign(globalThis, { runStoreCase })
