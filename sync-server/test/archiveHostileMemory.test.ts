import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { openAsBlob } from 'node:fs'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { constants, crc32, deflateRawSync } from 'node:zlib'
import type { Zip, ZipInputFile } from 'fflate'
import { describe, expect, it } from 'vitest'
import { entryPath } from '../../web/core/archive/archiveFormat'
import { peakRssSince } from '../../bench/lib/processPeakRss'
import { archiveFileWriter, jsonBytes } from './archiveFileWriter'
import { mainServerInTempDir } from './mainServerInTempDir'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

const MB = 1024 * 1024
/** The metadata string: under the per-entry limit at the default upload limit (4 x 100 MB). */
const METADATA_MB = 380
/** The server's heap: an import that parsed the entry would not survive it. */
const HEAP_MB = 256

/**
 * 1 MB of text that deflates some fifty times (a run of one letter, then a few random ones, over
 * and over): well under the bomb ratio of 100, as the hostile archive of the issue was (84:1).
 */
function fillerBlock(): Buffer {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  const random = randomBytes(MB)
  const block = Buffer.alloc(MB, 'a')
  for (let at = 0; at < MB; at += 300) {
    for (let i = 0; i < 10 && at + i < MB; i++)
      block[at + i] = alphabet.charCodeAt(random[at + i]! % alphabet.length)
  }
  return block
}

/**
 * A deflated entry made of pieces deflated apart (each ends on a full flush, so the pieces' bytes
 * may follow one another), the big middle one repeated: an entry of hundreds of MB is written in a
 * second, never held. fflate's Zip takes it as an already compressed file.
 */
function deflatedEntry(name: string, head: Buffer, middle: Buffer, times: number, tail: Buffer) {
  const flush = { finishFlush: constants.Z_FULL_FLUSH }
  const pieces = {
    head: deflateRawSync(head, flush),
    middle: deflateRawSync(middle, flush),
    tail: deflateRawSync(tail),
  }
  let crc = crc32(head)
  const hash = createHash('sha256').update(head)
  for (let i = 0; i < times; i++) {
    crc = crc32(middle, crc)
    hash.update(middle)
  }
  crc = crc32(tail, crc)
  hash.update(tail)
  const size = head.length + middle.length * times + tail.length
  return {
    sha256: hash.digest('hex'),
    compressedSize: pieces.head.length + pieces.middle.length * times + pieces.tail.length,
    size,
    /** Adds it to the zip: its compressed pieces, in order. */
    addTo(zip: Zip) {
      const file: ZipInputFile = { filename: name, compression: 8, size, crc, terminate() {} }
      zip.add(file)
      file.ondata!(null, pieces.head, false)
      for (let i = 0; i < times; i++) file.ondata!(null, pieces.middle, false)
      file.ondata!(null, pieces.tail, true)
    },
  }
}

/** The archive: one document whose metadata entry inflates to METADATA_MB MB of text. */
async function writeHostileArchive(path: string): Promise<{ bytes: number; ratio: number }> {
  const { zip, entries, add, finish } = archiveFileWriter(path)
  const time = new Date().toISOString()
  const collectionId = randomUUID()
  const id = randomUUID()
  add(
    entryPath.collection(collectionId),
    jsonBytes({
      id: collectionId,
      name: 'Hostile',
      description: '',
      color: null,
      created_at: time,
      updated_at: time,
    }),
  )
  const file = new TextEncoder().encode('# Hostile\n\nA small file.\n')
  const key = createHash('sha256').update(file).digest('hex')
  add(entryPath.file(key), file)
  const [head, tail] = JSON.stringify({
    ...{ id, filename: 'hostile.md', original_filename: 'hostile.md', file_path: `files/${key}` },
    ...{ file_size: file.length, document_type: 'markdown', collection_id: collectionId },
    ...{ status: 'failed', created_at: time, processed_at: null, chunk_count: 0, passages: null },
    metadata: { note: '<filler>' },
  }).split('<filler>') as [string, string]
  const metadata = deflatedEntry(
    entryPath.document(id),
    Buffer.from(head),
    fillerBlock(),
    METADATA_MB,
    Buffer.from(tail),
  )
  entries[entryPath.document(id)] = metadata.sha256
  metadata.addTo(zip)
  await finish({ createdAt: time, collectionId: null, documents: 1 })
  return { bytes: (await stat(path)).size, ratio: metadata.size / metadata.compressedSize }
}

// The issue: an archive whose every entry was under the per-entry size limit and the bomb ratio, one
// document's metadata inflating to hundreds of MB, was inflated, decoded and parsed whole: the server
// stopped answering for a minute and a half, and ten such documents took it down (heap out of
// memory). A document's metadata entry has a cap of its own now, checked before and while it inflates.
describe.skipIf(process.platform !== 'linux')(
  'an archive bounded by what it holds, not only by bytes',
  () => {
    // The default upload limit (100 MB: one entry may unpack to 400 MB), on a heap of HEAP_MB.
    // No ingest worker warming at start (an import ingests nothing): its loading is not the import's memory.
    const started = mainServerInTempDir('quire-hostile-import-', {
      QUIRE_SINGLE_USER: '1',
      NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`,
      INGEST_WARM: '0',
    })

    it(
      `refuses a document whose metadata inflates to ${METADATA_MB} MB, naming the limit, and answers others meanwhile`,
      async () => {
        const archivePath = join(started.dir, 'hostile.zip')
        const { bytes, ratio } = await writeHostileArchive(archivePath)
        expect(ratio).toBeLessThan(100)
        expect(bytes).toBeLessThan(100 * MB)
        const pid = started.server.child.pid!
        expect((await fetch(`${started.server.url}/api/health`)).status).toBe(200)
        const before = (await peakRssSince(pid)) * 1024

        // /api/health every 150 ms while the import runs, each answer timed.
        const waits: number[] = []
        let importing = true
        const polling = (async () => {
          while (importing) {
            const start = performance.now()
            const answer = await fetch(`${started.server.url}/api/health`)
            await answer.arrayBuffer()
            expect(answer.status).toBe(200)
            waits.push(performance.now() - start)
            await new Promise((resolve) => setTimeout(resolve, 150))
          }
        })()
        const form = new FormData()
        form.set('file', await openAsBlob(archivePath, { type: 'application/zip' }), 'hostile.zip')
        const answer = await fetch(`${started.server.url}/api/v1/import`, {
          method: 'POST',
          body: form,
        }).finally(() => (importing = false))
        await polling
        const body = (await answer.json()) as { detail?: string }
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(body.detail).toMatch(
          /document’s metadata of more than 4 MB.*\(maxDocumentBytes\).*nothing was imported/,
        )

        const grown = (await peakRssSince(pid)) * 1024 - before
        console.log(
          `hostile import: archive ${(bytes / MB).toFixed(1)} MB (${ratio.toFixed(0)}:1), refused; server peak RSS +${(grown / MB).toFixed(0)} MB; /api/health slowest ${Math.max(...waits).toFixed(0)} ms of ${waits.length}`,
        )
        expect(grown).toBeLessThan(100 * MB)
        expect(waits.length).toBeGreaterThan(0)
        // A blocked event loop would hold an answer for seconds; a busy machine only slows each one down.
        expect(Math.max(...waits)).toBeLessThan(scaledTimeout(1000))
        // Still there, and nothing was imported.
        expect(started.server.child.exitCode).toBeNull()
        const collections = await fetch(`${started.server.url}/api/collections/`)
        expect(await collections.json()).toEqual([])
      },
      scaledTimeout(300_000),
    )
  },
)
