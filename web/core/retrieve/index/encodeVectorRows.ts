import {
  HOST_IS_LITTLE_ENDIAN,
  VECTOR_ROWS_HEADER_BYTES,
  VECTOR_ROWS_MAGIC,
  VECTOR_ROWS_VERSION,
  type VectorRows,
} from './VectorRows'

/** Writes rows in the layout described in `VectorRows.ts`: about 4 bytes per dimension plus the ids. */
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
  const vectorBytes = count * dimensions * 4
  const bytes = new Uint8Array(VECTOR_ROWS_HEADER_BYTES + vectorBytes + count * 8 + metadata.length)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, VECTOR_ROWS_MAGIC, true)
  view.setUint32(4, VECTOR_ROWS_VERSION, true)
  view.setUint32(8, dimensions, true)
  view.setUint32(12, count, true)
  view.setUint32(16, metadata.length, true)
  let offset = VECTOR_ROWS_HEADER_BYTES
  offset = writeNumbers(view, offset, rows.vectors.subarray(0, count * dimensions))
  offset = writeNumbers(view, offset, rows.collectionOf.subarray(0, count))
  offset = writeNumbers(view, offset, rows.embedderOf.subarray(0, count))
  bytes.set(metadata, offset)
  return bytes
}

function writeNumbers(view: DataView, offset: number, values: Float32Array | Int32Array): number {
  if (HOST_IS_LITTLE_ENDIAN) {
    new Uint8Array(view.buffer).set(
      new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
      offset,
    )
  } else if (values instanceof Float32Array) {
    for (let i = 0; i < values.length; i++) view.setFloat32(offset + i * 4, values[i]!, true)
  } else {
    for (let i = 0; i < values.length; i++) view.setInt32(offset + i * 4, values[i]!, true)
  }
  return offset + values.byteLength
}
