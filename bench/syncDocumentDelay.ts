import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { IngestResult } from '../web/core/ingest/ingestFile'
import { SYNC_KIND } from '../web/core/sync/appData/syncKinds'
import type { SyncRecord } from '../web/core/sync/SyncRecord'
import { signUpForTest } from '../sync-server/test/signUpForTest'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { corpusFile } from './lib/corpusFile'
import { corpusUploadFiles } from './lib/corpusUploadFiles'
import { expectDocumentsSynced } from './lib/expectDocumentsSynced'
import { followSyncEvents } from './lib/followSyncEvents'
import { ingestedChunkRecords } from './lib/ingestedChunkRecords'
import { latencySummary } from './lib/latencySummary'
import { median } from './lib/median'
import { openBenchDevice, type BenchDevice } from './lib/openBenchDevice'
import type { SeededDocument } from './lib/seedCorpusDocuments'
import { serverIngest } from './lib/serverIngest'
import { startQuireServer } from './lib/startQuireServer'
import type { SyncBenchSettings } from './lib/SyncBenchSettings'
import type { SyncDocumentDelayLine, SyncLine } from './lib/SyncLine'
import { newDocument } from '../web/core/testing/conformance/store/fixtures'

/** How long B may take to hold one document before the run is declared broken (it fetches two blobs). */
const ARRIVAL_TIMEOUT_MS = 30_000

interface PreparedDocument {
  name: string
  bytes: Uint8Array
  result: IngestResult
}

/**
 * The documents device A will store, processed before anything is timed: the corpus's Markdown files
 * in turn, each with a line of its own appended, so every document is new content (a file the server
 * already holds would not be uploaded again, and would make later documents cheaper).
 */
async function prepareDocuments(count: number): Promise<PreparedDocument[]> {
  const markdown = corpusUploadFiles().filter((path) => path.endsWith('.md'))
  if (markdown.length === 0) throw new Error('no Markdown files in the corpus')
  const prepared: PreparedDocument[] = []
  for (let i = 0; i < count; i++) {
    const path = markdown[i % markdown.length]!
    const text = new TextDecoder().decode(await readFile(corpusFile(path)))
    const bytes = new TextEncoder().encode(`${text}\n\nRevision ${i + 1} of this page.\n`)
    const name = `${basename(path, '.md')} r${i + 1}.md`
    const result = await serverIngest(bytes, name)
    if (result.chunks.length === 0) throw new Error(`${name} gave no chunks`)
    prepared.push({ name, bytes, result })
  }
  return prepared
}

/** A processed document written as the app's processing writes one: processing, chunks, completed. */
async function storeProcessed(
  device: BenchDevice,
  collectionId: string,
  id: string,
  document: PreparedDocument,
): Promise<SeededDocument> {
  const key = await device.files.put(document.bytes)
  const now = () => new Date().toISOString()
  await device.store.documents.createDocument(
    newDocument(collectionId, {
      id,
      filename: `doc_${id.slice(0, 8)}.md`,
      original_filename: document.name,
      file_path: `files/${key}`,
      file_size: document.bytes.length,
      document_type: 'md',
      created_at: now(),
    }),
  )
  const { chunks, vectors, metadata } = document.result
  const records = ingestedChunkRecords(
    { chunks, vectors },
    { documentId: id, collectionId, embedder: metadata.embedder },
    () => crypto.randomUUID(),
  )
  await device.store.chunks.replaceChunks(id, records)
  await device.store.documents.updateDocument(id, {
    status: 'completed',
    processed_at: now(),
    metadata: { ...metadata },
    chunk_count: records.length,
    progress: null,
  })
  return {
    id,
    collection_id: collectionId,
    original_filename: document.name,
    file_size: document.bytes.length,
    chunk_count: records.length,
  }
}

interface Waiting {
  id: string
  chunks: number
  /** Chunks B's index must hold once the document is in (every earlier one plus this one's). */
  indexSize: number
  arrived(at: number): void
  failed(error: unknown): void
}

/**
 * Document change-to-arrival delay, on a fresh server with accounts: device B follows
 * `/api/v1/sync/events` and pulls on each `changed`; device A stores `documentEdits` processed
 * documents one at a time (createDocument processing -> replaceChunks with vectors ->
 * updateDocument completed, through its SyncedStore) and syncs right after each, uploading the
 * file and chunk blob before its push. The time runs from A's first write of the document
 * (`createDocument`; its file is already in A's FileStore, as after an upload) until B has applied
 * it: stored `completed` with all its chunks and vectors, and its search index holding them. The
 * next document waits for that. Throws when a document does not arrive whole within 30 s.
 */
export async function measureDocumentDelay(
  reporter: LineReporter<SyncLine>,
  settings: SyncBenchSettings,
  common: () => Omit<BenchLine, 'case'>,
): Promise<SyncDocumentDelayLine> {
  reporter.progress(`sync: document change-to-arrival delay, ${settings.documentEdits} documents`)
  const prepared = await prepareDocuments(settings.documentEdits)
  const server = await startQuireServer(
    (error) => reporter.progress(`sync: server error: ${error instanceof Error ? error.stack : error}`),
    { accounts: true },
  )
  const devices: BenchDevice[] = []
  try {
    const user = await signUpForTest(server.url, 'syncdocdelay')
    const open = async (name: string, onApplied?: (record: SyncRecord) => Promise<void>) => {
      const device = await openBenchDevice({
        baseUrl: server.url,
        token: user.access_token,
        userId: user.id,
        name,
        onApplied,
      })
      devices.push(device)
      return device
    }
    let waiting: Waiting | undefined
    const b: BenchDevice = await open('device-b', async (record) => {
      const want = waiting
      if (!want || record.kind !== SYNC_KIND.document || record.id !== want.id) return
      const at = performance.now()
      const chunks = await b.plain.chunks.listChunks({ documentId: want.id })
      const document = await b.plain.documents.getDocument(want.id)
      if (
        document?.status === 'completed' &&
        chunks.length === want.chunks &&
        chunks.every((chunk) => chunk.vector?.length) &&
        b.index.size === want.indexSize
      ) {
        want.arrived(at)
      } else {
        want.failed(
          b.errors[0] ??
            new Error(
              `document ${want.id} reached device B as ${document?.status} with ${chunks.length} chunks`,
            ),
        )
      }
    })
    const a = await open('device-a')
    const collection = await a.store.collections.createCollection({
      id: crypto.randomUUID(),
      name: 'Notes from device A',
      description: 'Processed on the device',
      color: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    await a.client.sync()

    let failure: unknown
    const follower = await followSyncEvents(
      server.url,
      user.access_token,
      { client: b.client, cursor: () => b.replica.cursor() },
      (error) => {
        failure ??= error
        waiting?.failed(error)
      },
    )
    try {
      await b.client.sync() // everything that existed before the stream opened
      const delays: number[] = []
      const bytes: number[] = []
      const stored: SeededDocument[] = []
      for (const document of prepared) {
        const chunks = document.result.chunks.length
        const before = b.blobs.fileBytes + b.blobs.chunkBlobBytes
        const id = crypto.randomUUID()
        let timer: ReturnType<typeof setTimeout> | undefined
        const arrival = new Promise<number>((resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${document.name} did not reach device B in ${ARRIVAL_TIMEOUT_MS} ms`)),
            ARRIVAL_TIMEOUT_MS,
          )
          waiting = { id, chunks, indexSize: b.index.size + chunks, arrived: resolve, failed: reject }
        })
        arrival.catch(() => {}) // awaited below; a failure before that must not be unhandled
        try {
          if (failure) throw failure
          // The file is in A's FileStore before the clock starts, as it is once an upload is stored.
          await a.files.put(document.bytes)
          const start = performance.now()
          const written = await storeProcessed(a, collection.id, id, document)
          await a.client.sync()
          delays.push((await arrival) - start)
          bytes.push(b.blobs.fileBytes + b.blobs.chunkBlobBytes - before)
          stored.push(written)
        } finally {
          clearTimeout(timer)
          waiting = undefined
        }
      }
      if (failure) throw failure
      await expectDocumentsSynced(b, stored)
      return {
        ...common(),
        case: `document change-to-arrival delay, processed on device A, events stream (${delays.length} documents)`,
        ...latencySummary(delays),
        documents: delays.length,
        chunks_per_document: median(stored.map((document) => document.chunk_count)),
        bytes_per_document: median(bytes),
      }
    } finally {
      await follower.stop()
    }
  } finally {
    for (const device of devices) await device.close()
    await server.stop()
  }
}
