import { onTestFinished } from 'vitest'
import { createApiPorts, type HostServices } from '../../core/api/createApiPorts'
import { ingestWorld } from './ingestWorld'

/**
 * The API's runtime as the browser's API worker makes it (`createApiPorts`), started, over the Dexie
 * store and file store of an `ingestWorld` (fake-indexeddb, the real ingest of text files), stopped and
 * closed when the test ends. An error it logs fails the test. `services` adds to or replaces what it is
 * made with: a folder host, an ingest that fails for one file, a quieter error log.
 */
export async function startDexieRuntime(name: string, services: Partial<HostServices> = {}) {
  const world = ingestWorld(name)
  const runtime = createApiPorts({
    store: world.store,
    files: world.files,
    ingestor: { ingest: world.ingest },
    maxUploadBytes: 1024 * 1024,
    logError: (error) => {
      throw error
    },
    ...services,
  })
  onTestFinished(async () => {
    runtime.documents.stop()
    await world.store.close()
  })
  await runtime.start()
  return { store: world.store, runtime, ingest: world.ingest }
}
