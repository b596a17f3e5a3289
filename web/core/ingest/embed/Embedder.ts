/**
 * Turns texts into vectors for similarity search. One port, many adapters: the built-in hashing
 * embedder (`hash-v1`, no download), transformers.js models in a worker, remote endpoints.
 *
 * - Vectors are unit length, so cosine similarity is their dot product; adapters normalise whatever
 *   their model returns. The one exception is a text with nothing to embed, which may give the zero
 *   vector (similar to nothing, never NaN).
 * - Vectors from different embedders (or different dimensions) are not comparable. Every stored vector
 *   records the `id` of the embedder that made it, and a query is embedded with the same one; an id is
 *   never reused for a changed model or feature set (a new version gets a new id).
 */
export interface Embedder {
  /** Stable identifier stored with every vector, e.g. `hash-v1` or `Xenova/bge-small-en-v1.5`. */
  readonly id: string
  readonly dimensions: number
  /**
   * One vector per text, in order, each `dimensions` long. Rejects with the signal's reason once
   * `signal` aborts (adapters check it between texts or batches).
   */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>
}
