import type { ChunkVector } from '../../store/ChunkVector'

/**
 * Reads the stored vectors of chunks by id (the store's `chunkVectors`): the exact f32 vectors a
 * search rescores its candidates with, since the index keeps only their int8 codes. Ids it does not
 * answer for (a chunk deleted meanwhile) keep their estimated score.
 */
export type ExactVectors = (ids: readonly string[]) => Promise<readonly ChunkVector[]>

/** Exact vectors from chunks held in memory (tests and benchmarks that have no store). */
export function exactVectorsOf(chunks: Iterable<ChunkVector>): ExactVectors {
  const byId = new Map<string, ChunkVector>()
  for (const chunk of chunks)
    byId.set(chunk.id, { id: chunk.id, embedder: chunk.embedder, vector: chunk.vector })
  return async (ids) => ids.flatMap((id) => byId.get(id) ?? [])
}
