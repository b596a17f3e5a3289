import type { ChunkRecord } from '../store/ChunkRecord'

/**
 * A chunk for search tests: document `doc-<id>` of collection `c1`, ten tokens, `vector` made by
 * `embedder` (no vector, no embedder); `extra` replaces any field.
 */
export function testChunk(
  id: string,
  text: string,
  vector: number[] | null,
  embedder: string,
  extra: Partial<ChunkRecord> = {},
): ChunkRecord {
  return {
    id,
    document_id: `doc-${id}`,
    collection_id: 'c1',
    index: 0,
    text,
    page: null,
    heading: null,
    token_count: 10,
    embedder: vector ? embedder : null,
    vector: vector ? Float32Array.from(vector) : null,
    ...extra,
  }
}
