import type { ChunkRecord } from '../../web/core/store/ChunkRecord'
import type { NewCollection } from '../../web/core/store/Collection'
import { newCollection, newDocument } from '../../web/core/testing/conformance/store/fixtures'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'
import { toChunkParams } from '../src/sql/rows'
import type { SqlDriver } from '../src/sql/SqlDriver'

/**
 * A collection, a document and its chunks written with the columns every schema version has had, as
 * an older Quire wrote them: migration tests fill a database migrated to an old version with these,
 * then open it with today's store. Not the store's own inserts, which name the newer columns.
 */
export async function insertLegacyRows(
  driver: SqlDriver,
  chunksOf: (document: DocumentRecord) => ChunkRecord[],
): Promise<{ collection: NewCollection; document: DocumentRecord; chunks: ChunkRecord[] }> {
  const collection = newCollection()
  await driver.run(
    'INSERT INTO collections (id, name, description, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    [
      collection.id,
      collection.name,
      collection.description,
      collection.color,
      collection.created_at,
      collection.updated_at,
    ],
  )
  const document = newDocument(collection.id)
  await driver.run(
    `INSERT INTO documents (id, collection_id, filename, original_filename, file_path, file_size, document_type,
      status, created_at, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '{}')`,
    [
      document.id,
      collection.id,
      document.filename,
      document.original_filename,
      document.file_path,
      document.file_size,
      document.document_type,
      document.status,
      document.created_at,
    ],
  )
  const chunks = chunksOf(document)
  for (const chunk of chunks) {
    await driver.run(
      'INSERT INTO chunks (id, document_id, collection_id, idx, text, page, heading, token_count, embedder, vector) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      toChunkParams(chunk),
    )
  }
  return { collection, document, chunks }
}
