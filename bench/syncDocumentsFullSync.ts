import type { StoredRecord } from '../web/core/store/StoredRecord'
import { signUpForTest, type TestUser } from '../sync-server/test/signUpForTest'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { expectDocumentsSynced } from './lib/expectDocumentsSynced'
import { expectRecordsSynced } from './lib/expectRecordsSynced'
import { median } from './lib/median'
import { openBenchDevice, type BlobTraffic } from './lib/openBenchDevice'
import { round } from './lib/round'
import { seedCorpusDocuments, type SeededDocument } from './lib/seedCorpusDocuments'
import { startQuireServer } from './lib/startQuireServer'
import type { SyncBenchSettings } from './lib/SyncBenchSettings'
import type { SyncDocumentsLine, SyncLine } from './lib/SyncLine'
import { syncToQuiet } from './lib/syncToQuiet'
import { syntheticPlatformRecords } from './lib/syntheticPlatformRecords'

/** Records written per `writeRecords` batch by the device that adds them (one SQLite transaction each). */
const RECORD_BATCH = 500

interface NewDeviceRun {
  ms: number
  rounds: number
  transportMs: number
  blobs: BlobTraffic
  chunks: number
}

/** One new device (empty store, cursor 0) syncing until quiet, then checked against what it must hold. */
async function newDeviceRun(
  url: string,
  user: TestUser,
  name: string,
  documents: readonly SeededDocument[],
  records: readonly StoredRecord[],
): Promise<NewDeviceRun> {
  const device = await openBenchDevice({ baseUrl: url, token: user.access_token, userId: user.id, name })
  try {
    const start = performance.now()
    const rounds = await syncToQuiet(device.client)
    const ms = performance.now() - start
    const chunks = await expectDocumentsSynced(device, documents)
    if (records.length > 0) await expectRecordsSynced(device, records)
    return {
      ms,
      rounds,
      transportMs: device.spent.push + device.spent.pull,
      blobs: { ...device.blobs },
      chunks,
    }
  } finally {
    await device.close()
  }
}

function documentsLine(
  common: () => Omit<BenchLine, 'case'>,
  caseName: string,
  documents: number,
  records: number,
  runs: readonly NewDeviceRun[],
): SyncDocumentsLine {
  const ms = runs.map((run) => run.ms)
  const mid = median(ms)
  // The run whose time is the median (the lower middle for an even count) gives the byte counts;
  // they are the same in every run unless a download was retried.
  const middle = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor((runs.length - 1) / 2)]!
  const { blobs } = middle
  return {
    ...common(),
    case: caseName,
    phase: 'first full sync',
    documents,
    records,
    chunks: middle.chunks,
    runs: runs.length,
    median_ms: round(mid, 1),
    documents_per_sec: round((documents / mid) * 1000, 1),
    records_per_sec: records > 0 ? round((records / mid) * 1000, 1) : null,
    runs_ms: ms.map((value) => round(value, 1)),
    rounds: Math.max(...runs.map((run) => run.rounds)),
    transport_ms: round(median(runs.map((run) => run.transportMs)), 1),
    blob_ms: round(median(runs.map((run) => run.blobs.downloadMs)), 1),
    downloaded_bytes: blobs.fileBytes + blobs.chunkBlobBytes,
    file_blobs: blobs.files,
    file_bytes: blobs.fileBytes,
    chunk_blobs: blobs.chunkBlobs,
    chunk_blob_bytes: blobs.chunkBlobBytes,
  }
}

/**
 * First full sync of processed documents to a new device, against the real server with accounts:
 *
 * 1. `documents` corpus files are uploaded through the REST surface and processed by the server
 *    (once; `seedCorpusDocuments`). Then `runs` new devices, one after another, each over a fresh
 *    SQLite store, sync until a round pulls nothing: the documents, their files and chunk blobs,
 *    stored and indexed. Each must hold every document `completed` with the server's chunk count.
 * 2. A device adds `records` platform records to the same account through its SyncedStore and
 *    pushes them (untimed); `runs` more new devices then sync documents and records together, and
 *    must also hold every record with its data.
 *
 * The new devices share the account, so the server's caches are warm after the first; the records
 * case runs after the documents-only one on the same server. Throws when a device ends up with
 * other data than it should.
 */
export async function measureDocumentFullSync(
  reporter: LineReporter<SyncLine>,
  settings: SyncBenchSettings,
  common: () => Omit<BenchLine, 'case'>,
): Promise<SyncDocumentsLine[]> {
  const lines: SyncDocumentsLine[] = []
  const server = await startQuireServer(
    (error) => reporter.progress(`sync: server error: ${error instanceof Error ? error.stack : error}`),
    { accounts: true },
  )
  try {
    const user = await signUpForTest(server.url, 'syncdocs')
    reporter.progress(`sync: uploading and processing ${settings.documents} documents`)
    const seeded = await seedCorpusDocuments(server, user.access_token, settings.documents)
    reporter.progress(
      `sync: ${seeded.documents.length} documents in ${seeded.collections} collections ` +
        `(${(seeded.uploadBytes / 2 ** 20).toFixed(1)} MiB) uploaded and processed in ${(seeded.ms / 1000).toFixed(1)} s`,
    )
    const measure = async (label: string, records: readonly StoredRecord[]) => {
      const runs: NewDeviceRun[] = []
      for (let run = 0; run < settings.runs; run++) {
        reporter.progress(
          `sync: first full sync of ${label} to a new device, run ${run + 1}/${settings.runs}`,
        )
        runs.push(
          await newDeviceRun(
            server.url,
            user,
            `new-device-${lines.length}-${run}`,
            seeded.documents,
            records,
          ),
        )
      }
      const line = documentsLine(
        common,
        `first full sync of ${label} to a new device`,
        seeded.documents.length,
        records.length,
        runs,
      )
      lines.push(line)
      reporter.emit(line)
    }
    await measure(`${settings.documents} documents`, [])

    const records = syntheticPlatformRecords(settings.records, 21)
    reporter.progress(`sync: a device adds ${settings.records} platform records to the account`)
    const writer = await openBenchDevice({
      baseUrl: server.url,
      token: user.access_token,
      userId: user.id,
      name: 'record-writer',
    })
    try {
      for (let i = 0; i < records.length; i += RECORD_BATCH) {
        await writer.store.records.writeRecords(records.slice(i, i + RECORD_BATCH).map((put) => ({ put })))
      }
      const pushed = (await writer.client.sync()).pushed
      if (pushed !== records.length)
        throw new Error(`the writer pushed ${pushed} of ${records.length} records`)
      if (writer.errors.length > 0) throw writer.errors[0]
    } finally {
      await writer.close()
    }
    await measure(`${settings.records} records and ${settings.documents} documents`, records)
    return lines
  } finally {
    await server.stop()
  }
}
