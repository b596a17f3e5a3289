import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DiskFileStore } from '../../sync-server/src/files/DiskFileStore'
import { openSqlStore } from '../../sync-server/src/sql/openSqlStore'
import type { SqlStore } from '../../sync-server/src/sql/SqlStore'
import { fileKey } from '../../web/core/documents/processDocument'
import { SearchIndex } from '../../web/core/retrieve/index/SearchIndex'
import type { Store } from '../../web/core/store/Store'
import { SyncApplier } from '../../web/core/sync/appData/SyncApplier'
import { SyncedStore } from '../../web/core/sync/appData/SyncedStore'
import { fromSyncFields } from '../../web/core/sync/appData/syncFields'
import { CHUNKS_FIELD, SYNC_KIND } from '../../web/core/sync/appData/syncKinds'
import { HlcClock } from '../../web/core/sync/Hlc'
import { BlobMissingError, httpBlobTransfer } from '../../web/core/sync/httpBlobTransfer'
import { httpSyncTransport } from '../../web/core/sync/httpSyncTransport'
import { InMemorySyncClientStore } from '../../web/core/sync/InMemorySyncClientStore'
import { SyncClient } from '../../web/core/sync/SyncClient'
import { isLive, type SyncRecord } from '../../web/core/sync/SyncRecord'
import { timedSyncTransport } from './timedSyncTransport'

/** What a device moved through the sync server's blob endpoints since it opened. */
export interface BlobTraffic {
  /** Documents' original files downloaded, and their bytes. */
  files: number
  fileBytes: number
  /** Chunk blobs (chunks and vectors) downloaded, and their bytes. */
  chunkBlobs: number
  chunkBlobBytes: number
  /** Wall-clock ms spent in blob downloads. */
  downloadMs: number
  /** Blobs this device uploaded before a push (its own processed documents), and their bytes. */
  uploads: number
  uploadBytes: number
}

export interface BenchDeviceOptions {
  baseUrl: string
  /** A Bearer token of the account (an access token, as the app's devices use). */
  token: string
  userId: string
  /** Names the device's clock node and client id; unique per account. */
  name: string
  /** Called after each pulled record was applied to the device's store (arrival checks). */
  onApplied?: (record: SyncRecord) => void | Promise<void>
}

/**
 * A device as the browser runs one, over a real SQLite store in its own temp dir: writes go through
 * a `SyncedStore` into a `SyncClient` (in-memory replica and outbox) that talks to the server over
 * HTTP; pulled records are applied by a `SyncApplier` that fetches file and chunk blobs with
 * `httpBlobTransfer` and keeps a `SearchIndex` in step. The same construction as
 * `sync-server/test/appDataSync.test.ts`, with counters on the transports.
 */
export interface BenchDevice {
  /** The device's own store (what its routes would read). */
  plain: SqlStore
  /** The store its writes go through: each write is also queued for sync. */
  store: Store
  files: DiskFileStore
  index: SearchIndex
  client: SyncClient
  replica: InMemorySyncClientStore
  /** Ms spent inside push and pull requests. */
  spent: { push: number; pull: number }
  blobs: BlobTraffic
  /** Problems the applier or the SyncedStore logged (a skipped record, a blob that did not match). */
  errors: unknown[]
  /** Closes the store and deletes the device's dir. */
  close(): Promise<void>
}

export async function openBenchDevice(options: BenchDeviceOptions): Promise<BenchDevice> {
  const dir = await mkdtemp(join(tmpdir(), `quire-bench-${options.name}-`))
  let plain: SqlStore
  try {
    plain = await openSqlStore(dir)
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  const files = new DiskFileStore(join(dir, 'files'))
  const index = new SearchIndex()
  const errors: unknown[] = []
  const logError = (error: unknown) => errors.push(error)
  const http = { baseUrl: options.baseUrl, token: () => options.token }
  const transfer = httpBlobTransfer(http)
  const blobs: BlobTraffic = {
    files: 0,
    fileBytes: 0,
    chunkBlobs: 0,
    chunkBlobBytes: 0,
    downloadMs: 0,
    uploads: 0,
    uploadBytes: 0,
  }
  // Blob keys only say what they are through the document that names them.
  const chunkBlobKeys = new Set<string>()
  const applier = new SyncApplier({
    store: plain,
    files,
    index,
    blobs: {
      async fetch(key) {
        const start = performance.now()
        try {
          const bytes = await transfer.download(key)
          if (chunkBlobKeys.has(key)) {
            blobs.chunkBlobs++
            blobs.chunkBlobBytes += bytes.length
          } else {
            blobs.files++
            blobs.fileBytes += bytes.length
          }
          return bytes
        } catch (error) {
          if (error instanceof BlobMissingError) return undefined
          throw error
        } finally {
          blobs.downloadMs += performance.now() - start
        }
      },
    },
    currentUserId: async () => options.userId,
    logError,
  })
  const spent = { push: 0, pull: 0 }
  const replica = new InMemorySyncClientStore()
  const client = new SyncClient({
    clientId: `${options.name}-${options.userId}`,
    store: replica,
    transport: timedSyncTransport(httpSyncTransport(http), spent),
    clock: new HlcClock(options.name, () => Date.now()),
    // What the app does before a push: the blobs a pushed document names go up first.
    async beforePush(mutations) {
      for (const { change } of mutations) {
        if (change.kind !== SYNC_KIND.document) continue
        const values = fromSyncFields(change)
        const keys = [fileKey({ file_path: String(values.file_path) }), values[CHUNKS_FIELD]]
        for (const key of keys) {
          if (typeof key !== 'string') continue
          const bytes = await files.get(key)
          if (!bytes) continue
          await transfer.upload(key, bytes)
          blobs.uploads++
          blobs.uploadBytes += bytes.length
        }
      }
    },
    async onRemoteChange(record) {
      if (record.kind === SYNC_KIND.document && isLive(record)) {
        const key = fromSyncFields(record)[CHUNKS_FIELD]
        if (typeof key === 'string') chunkBlobKeys.add(key)
      }
      await applier.apply(record)
      await options.onApplied?.(record)
    },
    onRemoteForget: (kind, id) => applier.forget(kind, id),
  })
  return {
    plain,
    store: new SyncedStore(plain, client, files, logError),
    files,
    index,
    client,
    replica,
    spent,
    blobs,
    errors,
    async close() {
      try {
        await plain.close()
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}
