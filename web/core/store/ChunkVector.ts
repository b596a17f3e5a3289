import type { ChunkRecord } from './ChunkRecord'

/** A chunk's stored vector and the embedder that made it, without its text: what rescoring reads. */
export type ChunkVector = Pick<ChunkRecord, 'id' | 'embedder' | 'vector'>
