import {
  HOST_IS_LITTLE_ENDIAN,
  VECTOR_ROWS_HEADER_BYTES,
  VECTOR_ROWS_MAGIC,
  VECTOR_ROWS_VERSION,
  codeStride,
  vectorRowsNumberBytes,
  type VectorRows,
} from './VectorRows'

/**
 * Reads what `encodeVectorRows` wrote. Throws a RangeError naming the problem on anything else (a
 * truncated write, another format or version, numbers out of range) rather than returning rows that
 * would answer searches wrongly; the caller then rebuilds the index from stored chunks. Two checks
 * are left to `VectorIndex.fromBytes`, which passes over the same data anyway: codes within
 * -127..127 (`VectorMatrix.load`) and ids unique (its id map). `codes` is a view of `bytes`.
 */
export function decodeVectorRows(bytes: Uint8Array): VectorRows {
  const { dimensions, count, numbersEnd } = vectorRowsHeader(bytes)

  const scales = new Float64Array(count)
  const residuals = new Float64Array(count)
  const collectionOf = new Int32Array(count)
  const embedderOf = new Int32Array(count)
  let offset = VECTOR_ROWS_HEADER_BYTES
  for (const into of [scales, residuals, collectionOf, embedderOf]) {
    readNumbers(bytes, offset, into)
    offset += into.byteLength
  }
  // A view, not a copy: the caller copies the codes once, into the index (bytes need no alignment).
  const codes = new Int8Array(bytes.buffer, bytes.byteOffset + offset, count * codeStride(dimensions))
  // The bounds hold only for steps and residuals that are real lengths (and codes within -127..127:
  // checked by `VectorMatrix.load`, in its pass over the codes).
  if (!scales.every(isLength) || !residuals.every(isLength)) fail('a step or residual is not a length')

  let metadata: unknown
  try {
    metadata = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(numbersEnd)))
  } catch {
    fail('unreadable metadata')
  }
  const { ids, documents, collections, embedders } = (metadata ?? {}) as Record<string, unknown>
  if (!isStrings(ids, count) || !isStrings(documents, count)) fail('ids or documents do not match the count')
  if (!isStrings(collections) || !isStrings(embedders)) fail('missing collection or embedder table')
  if (!codesWithin(collectionOf, collections.length) || !codesWithin(embedderOf, embedders.length)) {
    fail('a collection or embedder code is out of range')
  }
  return {
    dimensions,
    count,
    codes,
    scales,
    residuals,
    ids,
    documents,
    collections,
    collectionOf,
    embedders,
    embedderOf,
  }
}

/** What the header says, checked against the length: throws a RangeError as `decodeVectorRows` does. */
export function vectorRowsHeader(bytes: Uint8Array): {
  dimensions: number
  count: number
  numbersEnd: number
} {
  if (bytes.length < VECTOR_ROWS_HEADER_BYTES) fail('shorter than its header')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(0, true) !== VECTOR_ROWS_MAGIC) fail('not a vector index')
  const version = view.getUint32(4, true)
  if (version !== VECTOR_ROWS_VERSION) fail(`format version ${version}, expected ${VECTOR_ROWS_VERSION}`)
  const dimensions = view.getUint32(8, true)
  const count = view.getUint32(12, true)
  const metadataBytes = view.getUint32(16, true)
  if (dimensions === 0) fail('zero dimensions')
  const numbersEnd = VECTOR_ROWS_HEADER_BYTES + vectorRowsNumberBytes(dimensions, count)
  if (bytes.length !== numbersEnd + metadataBytes)
    fail(`${bytes.length} bytes, expected ${numbersEnd + metadataBytes}`)
  return { dimensions, count, numbersEnd }
}

/** Little-endian numbers at `offset` into `into` (one copy on a little-endian host). */
export function readNumbers(bytes: Uint8Array, offset: number, into: Float64Array | Int32Array): void {
  if (HOST_IS_LITTLE_ENDIAN) {
    new Uint8Array(into.buffer).set(bytes.subarray(offset, offset + into.byteLength))
    return
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, into.byteLength)
  for (let i = 0; i < into.length; i++) {
    into[i] = into instanceof Float64Array ? view.getFloat64(i * 8, true) : view.getInt32(i * 4, true)
  }
}

function isLength(value: number): boolean {
  return Number.isFinite(value) && value >= 0
}

function isStrings(value: unknown, length?: number): value is string[] {
  return (
    Array.isArray(value) &&
    (length === undefined || value.length === length) &&
    value.every((item) => typeof item === 'string')
  )
}

function codesWithin(codes: Int32Array, size: number): boolean {
  for (const code of codes) if (code < 0 || code >= size) return false
  return true
}

function fail(reason: string): never {
  throw new RangeError(`Cannot read vector index: ${reason}`)
}
