import {
  HOST_IS_LITTLE_ENDIAN,
  VECTOR_ROWS_HEADER_BYTES,
  VECTOR_ROWS_MAGIC,
  VECTOR_ROWS_VERSION,
  codeStride,
  vectorRowsNumberBytes,
  type VectorRows,
} from './VectorRows'

type Numbers = Float64Array | Int32Array | Int8Array

/** Writes rows in the layout described in `VectorRows.ts`: about one byte per dimension plus the ids. */
export function encodeVectorRows(rows: VectorRows): Uint8Array {
  const { dimensions, count } = rows
  const metadata = new TextEncoder().encode(
    JSON.stringify({
      ids: rows.ids.slice(0, count),
      documents: rows.documents.slice(0, count),
      collections: rows.collections,
      embedders: rows.embedders,
    }),
  )
  const numberBytes = vectorRowsNumberBytes(dimensions, count)
  const bytes = new Uint8Array(VECTOR_ROWS_HEADER_BYTES + numberBytes + metadata.length)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, VECTOR_ROWS_MAGIC, true)
  view.setUint32(4, VECTOR_ROWS_VERSION, true)
  view.setUint32(8, dimensions, true)
  view.setUint32(12, count, true)
  view.setUint32(16, metadata.length, true)
  let offset = VECTOR_ROWS_HEADER_BYTES
  offset = writeNumbers(view, offset, rows.scales.subarray(0, count))
  offset = writeNumbers(view, offset, rows.residuals.subarray(0, count))
  offset = writeNumbers(view, offset, rows.collectionOf.subarray(0, count))
  offset = writeNumbers(view, offset, rows.embedderOf.subarray(0, count))
  offset = writeNumbers(view, offset, rows.codes.subarray(0, count * codeStride(dimensions)))
  bytes.set(metadata, offset)
  return bytes
}

function writeNumbers(view: DataView, offset: number, values: Numbers): number {
  if (HOST_IS_LITTLE_ENDIAN || values instanceof Int8Array) {
    new Uint8Array(view.buffer).set(
      new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
      offset,
    )
  } else if (values instanceof Float64Array) {
    for (let i = 0; i < values.length; i++) view.setFloat64(offset + i * 8, values[i]!, true)
  } else {
    for (let i = 0; i < values.length; i++) view.setInt32(offset + i * 4, values[i]!, true)
  }
  return offset + values.byteLength
}
