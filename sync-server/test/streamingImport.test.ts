import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { openAsBlob } from 'node:fs'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { entryPath } from '../../web/core/archive/archiveFormat'
import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import type { ChunkRecord } from '../../web/core/store/ChunkRecord'
import { encodeChunks } from '../../web/core/sync/appData/chunkBlob'
import { peakRssSince } from '../../bench/lib/processPeakRss'
import { archiveFileWriter, jsonBytes } from './archiveFileWriter'
import { mainServerInTempDir } from './mainServerInTempDir'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

const MB = 1024 * 1024
const FILES = 20
const FILE_BYTES = 10 * MB

/**
 * Writes, straight to disk, an archive in the export's format: one collection of FILES documents whose
 * original files are FILE_BYTES of random bytes, each with one passage of the default embedder (so the
 * import processes nothing). The files are stored, not deflated (random bytes do not deflate, and
 * deflating 200 MB in JavaScript takes minutes on a loaded machine): the archive is as big as they
 * are. Deflated entries are read by the same reader (archive.test.ts).
 */
async function writeLargeArchive(path: string): Promise<string> {
  const collectionId = randomUUID()
  const time = new Date().toISOString()
  const { add, drained, finish } = archiveFileWriter(path)
  const collection = { id: collectionId, name: 'Large', description: '', color: null }
  add(entryPath.collection(collectionId), jsonBytes({ ...collection, created_at: time, updated_at: time }))
  for (let i = 0; i < FILES; i++) {
    const id = randomUUID()
    const file = new Uint8Array(randomBytes(FILE_BYTES))
    const key = createHash('sha256').update(file).digest('hex')
    const text = `Ledger ${i} of the large archive.`
    const [vector] = await hashEmbedder.embed([text])
    const chunk: ChunkRecord = {
      ...{ id: randomUUID(), document_id: id, collection_id: collectionId, index: 0, text },
      ...{ page: null, heading: null, token_count: 6, embedder: hashEmbedder.id, vector: vector ?? null },
    }
    add(entryPath.file(key), file)
    add(entryPath.passages(id), await encodeChunks([chunk]))
    add(
      entryPath.document(id),
      jsonBytes({
        ...{ id, filename: `ledger-${i}.md`, original_filename: `ledger-${i}.md` },
        ...{ file_path: `files/${key}`, file_size: file.length, document_type: 'markdown' },
        ...{ collection_id: collectionId, status: 'completed', created_at: time, processed_at: time },
        ...{ metadata: { embedder: hashEmbedder.id }, chunk_count: 1, passages: entryPath.passages(id) },
      }),
    )
    await drained()
  }
  await finish({ createdAt: time, collectionId, documents: FILES })
  return collectionId
}

// The import reads the archive where the upload lies, one entry at a time: a real server (its own
// process, so its memory is its own) imports an archive of 200 MB while its peak memory grows by far
// less than that. Read whole, as before, the upload alone would have added 200 MB, its unpacking as much.
describe.skipIf(process.platform !== 'linux')('a streaming import over HTTP', () => {
  // No ingest worker warming at start: it loads pdf.js beside the import (an import ingests nothing), and on
  // a busy machine its loading fell inside the measured window (+151 MB where the import alone added +92 MB).
  const started = mainServerInTempDir('quire-streaming-import-', {
    QUIRE_SINGLE_USER: '1',
    MAX_UPLOAD_MB: '400',
    INGEST_WARM: '0',
  })

  it(
    'imports a 200 MB archive with the server’s peak memory growing by well under its size',
    async () => {
      const archivePath = join(started.dir, 'large.zip')
      const collectionId = await writeLargeArchive(archivePath)
      const archiveBytes = (await stat(archivePath)).size
      expect(archiveBytes).toBeGreaterThan(FILES * FILE_BYTES)
      const pid = started.server.child.pid!
      // Warmed first: the first import of a server loads the modules it needs.
      const health = await fetch(`${started.server.url}/api/health`)
      expect(health.status).toBe(200)
      const before = (await peakRssSince(pid)) * 1024

      const form = new FormData()
      form.set('file', await openAsBlob(archivePath, { type: 'application/zip' }), 'large.zip')
      const answer = await fetch(`${started.server.url}/api/v1/import`, { method: 'POST', body: form })
      const body = (await answer.json()) as { data?: Record<string, unknown>; detail?: unknown }
      expect(answer.status, JSON.stringify(body)).toBe(200)
      expect(body.data).toMatchObject({ documents_added: FILES, documents_taken_as_processed: FILES })

      const grown = (await peakRssSince(pid)) * 1024 - before
      console.log(
        `streaming import: archive ${(archiveBytes / MB).toFixed(0)} MB, server peak RSS +${(grown / MB).toFixed(0)} MB (before ${(before / MB).toFixed(0)} MB)`,
      )
      expect(grown).toBeLessThan(archiveBytes / 2)

      const collection = (await (
        await fetch(`${started.server.url}/api/collections/${collectionId}`)
      ).json()) as {
        document_count: number
      }
      expect(collection.document_count).toBe(FILES)
      // A second import of the same archive adds nothing.
      const again = new FormData()
      again.set('file', await openAsBlob(archivePath, { type: 'application/zip' }), 'large.zip')
      const second = await fetch(`${started.server.url}/api/v1/import`, { method: 'POST', body: again })
      expect(((await second.json()) as { data: Record<string, unknown> }).data).toMatchObject({
        documents_added: 0,
        documents_already_here: FILES,
      })
    },
    scaledTimeout(300_000),
  )
})
