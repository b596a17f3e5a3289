import { BM25_FIELDS } from '../retrieve/index/Bm25State'
import { ByteReader, ByteWriter } from '../retrieve/index/ByteSections'
import { fromRuns } from '../retrieve/index/codeRuns'
import { IdTable } from '../retrieve/index/IdTable'
import { unpackSlot } from '../retrieve/index/packedPostings'

/**
 * BM25's bytes as this build writes them ("QBM4", `bm25Bytes.ts`) as an earlier format wrote them: the
 * ids as a table of strings, the codes and field lengths as Int32 words, and the postings packed with 6
 * frequency bits ("QBM3", until session 51) or as Int32 words ("QBM2", snapshots of format 1).
 */
export function asEarlierBm25Format(bytes: Uint8Array, format: 'QBM3' | 'QBM2'): Uint8Array {
  const reader = new ByteReader(bytes)
  const prefix = reader.bytes().slice()
  new DataView(prefix.buffer).setUint32(0, format === 'QBM3' ? 0x33_4d_42_51 : 0x32_4d_42_51, true)
  const {
    ids: idsWritten,
    lengths: lengthsWritten,
    ...header
  } = reader.json() as { chunks: number; ids: 'uuid' | 'text'; lengths: 16 | 32 }
  const n = header.chunks
  let ids: string[]
  if (idsWritten === 'uuid') {
    const table = IdTable.ofUuids(reader.bytes())
    ids = Array.from({ length: n }, (_, i) => table.at(i)!)
  } else ids = reader.strings(n)
  const collections = reader.strings()
  const collectionCodes = fromRuns(reader.ints(), n, collections.length)
  const documents = reader.strings()
  const documentCodes = fromRuns(reader.ints(), n, documents.length)
  const lengths =
    lengthsWritten === 16
      ? Int32Array.from(new Int16Array(reader.bytes().slice().buffer))
      : reader.ints(n * BM25_FIELDS)
  const terms = reader.strings()
  const offsets = reader.ints()
  const starts = reader.ints()
  const packed = reader.bytes()
  const large = reader.ints()
  reader.end()
  const pool = new Int32Array(offsets.at(-1)!)
  for (let s = 0; s + 1 < offsets.length; s++) {
    unpackSlot(packed, starts[s]!, starts[s + 1]!, pool, offsets[s]!, offsets[s + 1]! - offsets[s]!, n)
  }
  const writer = new ByteWriter()
    .bytes(prefix)
    .json(header)
    .strings(ids)
    .strings(collections)
    .ints(collectionCodes)
    .strings(documents)
    .ints(documentCodes)
    .ints(lengths)
    .strings(terms)
    .ints(offsets)
  if (format === 'QBM3') {
    const six = packedWith6Bits(pool, offsets)
    writer.ints(six.starts).bytes(six.bytes)
  } else writer.ints(pool)
  return writer.ints(large).finish()
}

/** "QBM3"'s packing: per posting, its gap times 64 plus its frequency field, as one varint. */
function packedWith6Bits(pool: Int32Array, offsets: Int32Array): { bytes: Uint8Array; starts: Int32Array } {
  const out: number[] = []
  const starts = [0]
  for (let s = 0; s + 1 < offsets.length; s++) {
    let previous = -1
    for (let w = offsets[s]!; w < offsets[s + 1]!; w++) {
      let value = ((pool[w]! >>> 6) - previous) * 64 + (pool[w]! & 63)
      previous = pool[w]! >>> 6
      for (; value > 127; value >>>= 7) out.push((value & 127) | 128)
      out.push(value)
    }
    starts.push(out.length)
  }
  return { bytes: Uint8Array.from(out), starts: Int32Array.from(starts) }
}
