/**
 * A vector index's rows as plain data: what `encodeVectorRows` writes and `decodeVectorRows` reads.
 * Row `r` is `vectors[r * dimensions ... (r + 1) * dimensions)`, with id `ids[r]`, document
 * `documents[r]`, collection `collections[collectionOf[r]]` and embedder `embedders[embedderOf[r]]`.
 */
export interface VectorRows {
  dimensions: number
  count: number
  /** At least `count * dimensions` long; anything beyond is spare capacity and not written. */
  vectors: Float32Array
  ids: readonly string[]
  documents: readonly string[]
  collections: readonly string[]
  collectionOf: Int32Array
  embedders: readonly string[]
  embedderOf: Int32Array
}

/**
 * The byte layout, little-endian throughout:
 *   0  "QVEC"                4  format version (u32)   8  dimensions (u32)
 *   12 count (u32)           16 metadata length (u32)  20 reserved, 0
 *   24 vectors: count * dimensions f32, then collectionOf: count i32, then embedderOf: count i32,
 *   then metadata: UTF-8 JSON {ids, documents, collections, embedders}.
 * Numbers first and fixed-size, so a reader can check the length before it parses anything.
 */
export const VECTOR_ROWS_MAGIC = 0x43455651 // "QVEC" read as a little-endian u32
export const VECTOR_ROWS_VERSION = 1
export const VECTOR_ROWS_HEADER_BYTES = 24

/** Typed arrays use the host's byte order; on a little-endian host (all current ones) bytes copy as is. */
export const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
