import type { ChunkVector } from '../../../web/core/store/ChunkVector'
import { vectorFromBlob } from './rows'
import type { SqlDriver } from './SqlDriver'

/** Ids per query: far below SQLite's cap on bound parameters (32,766) and PostgreSQL's (65,535). */
const IDS_PER_QUERY = 500

/**
 * The stored vectors of the chunks with these ids, of each document's current chunk set (as
 * `SqlChunks.getChunks` reads chunks), without their text: a search rescoring its candidates reads
 * hundreds of these per query, and the text is most of a row's bytes.
 */
export async function readChunkVectors(driver: SqlDriver, ids: readonly string[]): Promise<ChunkVector[]> {
  const found: ChunkVector[] = []
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const part = ids.slice(i, i + IDS_PER_QUERY)
    const rows = await driver.all<{ id: string; embedder: string | null; vector: Uint8Array | null }>(
      `SELECT c.id, c.embedder, c.vector FROM chunks c JOIN documents d
         ON d.id = c.document_id AND d.chunk_set = c.chunk_set
       WHERE c.id IN (${part.map(() => '?').join(', ')})`,
      [...part],
    )
    for (const row of rows)
      found.push({ id: row.id, embedder: row.embedder, vector: vectorFromBlob(row.vector) })
  }
  return found
}
