/**
 * `vector` scaled to unit length as a vector index keeps and scores it: the scale computed in f64,
 * each element rounded to f32. A zero vector, or one with NaN or Infinity in it, gives the zero row
 * (similar to nothing, score 0, never NaN). The index encodes rows from this and rescoring rebuilds
 * them from the stored vector with it, so an exact score is the same bits either way.
 */
export function unitRow<T extends Float32Array>(vector: ArrayLike<number>, into: T): T {
  let norm = 0
  for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!
  const scale = norm > 0 && Number.isFinite(norm) ? 1 / Math.sqrt(norm) : 0
  for (let i = 0; i < vector.length; i++) into[i] = scale === 0 ? 0 : vector[i]! * scale
  return into
}
