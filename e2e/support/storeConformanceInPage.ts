/**
 * Bundled into the page by e2e/store-conformance.spec.ts: runs one store conformance case against
 * the Dexie adapter on Chromium's real IndexedDB, each case in a database of its own.
 */
import Dexie from 'dexie'
import { DexieStore } from '../../web/browser/store/DexieStore'
import { QuireDatabase } from '../../web/browser/store/QuireDatabase'
import { runConformanceCase } from '../../web/core/testing/conformance/store/runConformanceCase'
import {
  storeConformance,
  type StoreSubPort,
} from '../../web/core/testing/conformance/store/storeConformance'

async function runStoreCase(port: StoreSubPort, name: string): Promise<string | null> {
  const testCase = storeConformance[port].find((c) => c.name === name)
  if (!testCase) return `no conformance case of ${port} named ${name}`
  const dbName = `quire-conformance-${crypto.randomUUID()}`
  try {
    await runConformanceCase(testCase, () => new DexieStore(new QuireDatabase(dbName)))
    return null
  } catch (error) {
    return error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error)
  } finally {
    await Dexie.delete(dbName)
  }
}

Object.assign(globalThis, { runStoreCase })
