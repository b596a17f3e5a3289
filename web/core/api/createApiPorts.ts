import type { Ingestor } from '../documents/Ingestor'
import { DocumentQueue } from '../documents/DocumentQueue'
import { SearchIndex } from '../retrieve/index/SearchIndex'
import type { FileStore } from '../store/FileStore'
import type { Store } from '../store/Store'
import { monotonicClock, systemClock, type Clock } from '../time/Clock'
import type { ApiPorts } from './ApiPorts'

export interface HostServices {
  store: Store
  files: FileStore
  ingestor: Ingestor
  maxUploadBytes: number
  clock?: Clock
  logError?: (error: unknown) => void
}

export interface ApiRuntime {
  ports: ApiPorts
  documents: DocumentQueue
  /**
   * Loads the search index from the stored chunks (their vectors included: nothing is embedded
   * again) and resumes documents an interruption left unfinished. Call once at start.
   */
  start(): Promise<void>
}

/** What both hosts run behind the route table: the same ports, queue and index, over their own adapters. */
export function createApiPorts(services: HostServices): ApiRuntime {
  const { store, files, ingestor } = services
  const clock = services.clock ?? monotonicClock(systemClock)
  const logError = services.logError ?? console.error
  const newId = () => crypto.randomUUID()
  const index = new SearchIndex()
  const documents = new DocumentQueue(
    {
      store,
      files,
      ingestor,
      clock,
      newId,
      logError,
      onIndexed(document, chunks) {
        index.removeDocument(document.id)
        index.add(chunks)
      },
    },
    1,
    logError,
  )
  const ports: ApiPorts = {
    store,
    clock,
    newId,
    files,
    documents: {
      enqueue: (id, options) => documents.enqueue(id, options),
      cancel(id) {
        documents.cancel(id)
        index.removeDocument(id)
      },
    },
    index,
    ingestor,
    limits: { maxUploadBytes: services.maxUploadBytes },
  }
  return {
    ports,
    documents,
    async start() {
      index.add(await store.listChunks())
      await documents.resumeUnfinished()
    },
  }
}
