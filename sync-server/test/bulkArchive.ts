import { randomUUID } from 'node:crypto'
import { entryPath } from '../../web/core/archive/archiveFormat'
import type { ArchiveEntry } from '../../web/core/archive/archiveEntries'
import { zipArchive } from '../../web/core/archive/zipArchive'
import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import type { ChunkRecord } from '../../web/core/store/ChunkRecord'
import { sha256Hex } from '../../web/core/store/FileStore'
import { encodeChunks } from '../../web/core/sync/appData/chunkBlob'

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))

/** The word only document `i` of a bulk archive holds: what a search for it must find. */
export const bulkWord = (i: number) => `quillon${i.toString(36)}zeta`

/**
 * An archive as an export writes it, of one collection with `count` small Markdown documents, each
 * with one passage whose vector is the default embedder's (so an import takes it as processed): big
 * enough that its import runs for a while, made in memory without a server.
 */
export async function bulkArchive(count: number): Promise<{ bytes: Uint8Array; collectionId: string }> {
  const collectionId = randomUUID()
  const time = new Date().toISOString()
  async function* entries(): AsyncGenerator<ArchiveEntry> {
    yield {
      path: entryPath.collection(collectionId),
      bytes: json({
        id: collectionId,
        name: 'Imported',
        description: '',
        color: null,
        created_at: time,
        updated_at: time,
      }),
      counts: { collections: 1 },
    }
    for (let i = 0; i < count; i++) {
      const id = randomUUID()
      const text = `The ledger entry ${bulkWord(i)} was written at dawn.`
      const file = new TextEncoder().encode(`# Entry ${i}\n\n${text}\n`)
      const key = await sha256Hex(file)
      const [vector] = await hashEmbedder.embed([text])
      const chunk: ChunkRecord = {
        id: randomUUID(),
        document_id: id,
        collection_id: collectionId,
        index: 0,
        text,
        page: null,
        heading: `Entry ${i}`,
        token_count: 10,
        embedder: hashEmbedder.id,
        vector: vector ?? null,
      }
      yield { path: entryPath.file(key), bytes: file, counts: { files: 1 } }
      yield { path: entryPath.passages(id), bytes: await encodeChunks([chunk]) }
      yield {
        path: entryPath.document(id),
        bytes: json({
          id,
          filename: `doc_${id.slice(0, 8)}.md`,
          original_filename: `entry-${i}.md`,
          file_path: `files/${key}`,
          file_size: file.length,
          document_type: 'markdown',
          collection_id: collectionId,
          status: 'completed',
          created_at: time,
          processed_at: time,
          metadata: { embedder: hashEmbedder.id },
          chunk_count: 1,
          passages: entryPath.passages(id),
        }),
        counts: { documents: 1 },
      }
    }
  }
  const stream = zipArchive(entries(), {
    created_at: time,
    scope: { collection_id: collectionId, include_chats: false },
  })
  return { bytes: new Uint8Array(await new Response(stream).arrayBuffer()), collectionId }
}
