/** A row as kept: its codes and the two numbers the bounds need besides them. */
export interface EncodedRows {
  /** `count * stride` codes (`stride`: dimensions rounded up to 8, padded with 0). */
  codes: Int8Array
  /** Per row: the step s between codes (max |x| / 127). */
  scales: Float64Array
  /** Per row: |x - s c|_2, the rounding residual's length. */
  residuals: Float64Array
}

/**
 * A vector index's rows as plain data: what `encodeVectorRows` writes and `decodeVectorRows` reads.
 * Row `r` is its int8 codes `codes[r * stride ... (r + 1) * stride)` (stride: dimensions rounded up
 * to a multiple of 8, padded with 0), step `scales[r]` and residual `residuals[r]` (see
 * `VectorMatrix`), with id `ids[r]`, document `documents[r]`, collection
 * `collections[collectionOf[r]]` and embedder `embedders[embedderOf[r]]`. The f32 rows are not in
 * it: searches read them back from the store.
 */
export interface VectorRows extends EncodedRows {
  dimensions: number
  count: number
  ids: readonly string[]
  documents: readonly string[]
  collections: readonly string[]
  /** At least `count` long; anything beyond is spare capacity and not written. */
  collectionOf: Int32Array
  embedders: readonly string[]
  embedderOf: Int32Array
}

/**
 * The byte layout, little-endian throughout:
 *   0  "QVEC"                4  format version (u32)   8  dimensions (u32)
 *   12 count (u32)           16 metadata length (u32)  20 reserved, 0
 *   24 scales: count f64, residuals: count f64, collectionOf: count i32, embedderOf: count i32,
 *   codes: count * stride i8, then metadata: UTF-8 JSON {ids, documents, collections, embedders}.
 * Numbers first and fixed-size, so a reader can check the length before it parses anything.
 *
 * Version 1 (until issue 20) held f32 rows instead of codes; it is refused (as any other version),
 * and the caller rebuilds the index from stored chunks, which is what it does on any unreadable bytes.
 */
export const VECTOR_ROWS_MAGIC = 0x43455651 // "QVEC" read as a little-endian u32
export const VECTOR_ROWS_VERSION = 2
export const VECTOR_ROWS_HEADER_BYTES = 24

/** Codes per row for `dimensions`: the WebAssembly kernel reads them eight at a time. */
export function codeStride(dimensions: number): number {
  return Math.ceil(dimensions / 8) * 8
}

/** Bytes of the numbers after the header for `count` rows of `dimensions`. */
export function vectorRowsNumberBytes(dimensions: number, count: number): number {
  return count * (8 + 8 + 4 + 4 + codeStride(dimensions))
}

/** Typed arrays use the host's byte order; on a little-endian host (all current ones) bytes copy as is. */
export const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
