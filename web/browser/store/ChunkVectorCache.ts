import type { ChunkVector } from '../../core/store/ChunkVector'

/**
 * Chunk vectors this API worker has read from IndexedDB, by chunk id, least recently used first (a Map
 * keeps insertion order), at most `capacity` of them. Rescoring a search's vector candidates reads
 * hundreds of whole chunk records (text and vector) from IndexedDB, most of them the same from one
 * search to the next; kept here, a search reads only the passages it returns. The vectors are the
 * stored ones, so scores are the same bits. Any write to the chunks table through this worker's
 * database empties it (`DexieChunks` listens); another tab's writes are not seen, as its index's are not.
 */
export class ChunkVectorCache {
  private readonly vectors = new Map<string, ChunkVector>()

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.vectors.size
  }

  /** The cached vector of `id`, made the most recently used; undefined when not held. */
  get(id: string): ChunkVector | undefined {
    const vector = this.vectors.get(id)
    if (vector) {
      this.vectors.delete(id)
      this.vectors.set(id, vector)
    }
    return vector
  }

  set(vector: ChunkVector): void {
    if (this.capacity <= 0) return
    this.vectors.delete(vector.id)
    this.vectors.set(vector.id, vector)
    if (this.vectors.size > this.capacity) this.vectors.delete(this.vectors.keys().next().value!)
  }

  clear(): void {
    this.vectors.clear()
  }
}
