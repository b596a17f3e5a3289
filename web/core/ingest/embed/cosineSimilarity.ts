/**
 * Cosine similarity of two vectors, in [-1, 1]; 0 when either is the zero vector (a text with nothing
 * to embed is similar to nothing). For the unit vectors an `Embedder` returns this equals the dot
 * product; it normalises anyway so callers need not trust that. Vectors of different lengths come
 * from different embedders and cannot be compared: that is a bug, so it throws.
 */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) {
    throw new RangeError(`Cannot compare vectors of ${a.length} and ${b.length} dimensions`)
  }
  let dot = 0
  let normA = 0
  let normB = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    dot += x * y
    normA += x * x
    normB += y * y
  }
  if (normA === 0 || normB === 0) return 0
  // Clamped: rounding can push identical vectors a hair over 1.
  return Math.max(-1, Math.min(1, dot / Math.sqrt(normA * normB)))
}
