import { embedderCalibration } from './embedderCalibration'

/**
 * The `similarity_threshold` used when a request leaves it out, for vectors of `embedderId`
 * (null: no vectors; the value then filters nothing that exists). An explicit value in a request is
 * always used as given. Why per embedder and where each value comes from: `embedderCalibration`.
 * hash-v1 gets 0.15: the spec's 0.7 would discard every hash-v1 vector (related texts score about
 * 0.1 to 0.5), silently turning hybrid search into keyword search and vector search into nothing.
 */
export function defaultSimilarityThreshold(embedderId: string | null): number {
  return embedderCalibration(embedderId).similarityThreshold
}
