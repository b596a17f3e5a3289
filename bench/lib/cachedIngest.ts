import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import type { ChunkRecord } from '../../web/core/store/ChunkRecord'

/**
 * For iterating on answers, not for measuring ingest: with BENCH_INGEST_CACHE set to a file path, the
 * first run stores what `make` returns (chunks with their vectors) there and later runs read it back
 * instead of ingesting the corpus again. Unset (the default, and always in CI), it only calls `make`.
 * The cache is keyed by nothing: delete the file after changing ingestion. Only plain data survives it:
 * chunks (vectors restored) and page texts; a Map (a document profile's terms) comes back empty, so a
 * caller that reads profiles must make them again from the chunks.
 */
export async function cachedIngest<T extends { chunks: ChunkRecord[] }>(
  name: string,
  make: () => Promise<T>,
): Promise<T> {
  const base = process.env.BENCH_INGEST_CACHE
  if (!base) return make()
  const path = `${base}.${name}.json`
  if (existsSync(path)) {
    const stored = JSON.parse(await readFile(path, 'utf8')) as T & {
      chunks: Array<ChunkRecord & { vector: string | null }>
    }
    for (const chunk of stored.chunks) {
      const bytes = chunk.vector === null ? null : Buffer.from(chunk.vector, 'base64')
      ;(chunk as ChunkRecord).vector = bytes
        ? new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice()
        : null
    }
    return stored
  }
  const made = await make()
  // Vectors as base64 of their bytes: as arrays of numbers, 30,000 of them do not fit in a string.
  const chunks = made.chunks.map((chunk) => ({
    ...chunk,
    vector: chunk.vector
      ? Buffer.from(chunk.vector.buffer, chunk.vector.byteOffset, chunk.vector.byteLength).toString('base64')
      : null,
  }))
  await writeFile(path, JSON.stringify({ ...made, chunks }))
  return made
}
