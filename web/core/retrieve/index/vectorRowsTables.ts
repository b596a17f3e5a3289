import { readNumbers, vectorRowsHeader } from './decodeVectorRows'
import { VECTOR_ROWS_HEADER_BYTES } from './VectorRows'

/** A vector index's collection and embedder of each row, read without decoding its rows. */
export interface VectorRowsTables {
  collections: readonly string[]
  collectionOf: Int32Array
  embedders: readonly string[]
  embedderOf: Int32Array
}

/** How the tables start in the metadata's JSON, after the ids' and documents' arrays. */
const TABLES_KEY = new TextEncoder().encode('],"collections":[')

/**
 * The tables of `encodeVectorRows`' bytes (a version `decodeVectorRows` reads), for asking which
 * collections have rows (`LazyVectorRows.hasRows`) without the rows decoded: at 139k rows decoding
 * takes 0.3-0.4 s, and a cold start's first search with hash-v1 needs only this answer. The metadata
 * is JSON `{"ids":[...],"documents":[...],"collections":[...],"embedders":[...]}`, and a `"` within a
 * string is always escaped, so the first unescaped `],"collections":[` from the end is where the key
 * starts: only the few bytes after it are parsed, not the ids. Undefined when the bytes do not read
 * so (the caller decodes them whole, which says why).
 */
export function vectorRowsTables(bytes: Uint8Array): VectorRowsTables | undefined {
  let header: ReturnType<typeof vectorRowsHeader>
  try {
    header = vectorRowsHeader(bytes)
  } catch {
    return undefined
  }
  const { count, numbersEnd } = header
  const at = lastIndexOf(bytes, TABLES_KEY, numbersEnd)
  if (at < 0) return undefined
  let tables: unknown
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(at + 2))
    tables = JSON.parse(`{${text}`)
  } catch {
    return undefined
  }
  const { collections, embedders } = (tables ?? {}) as Record<string, unknown>
  if (!isStrings(collections) || !isStrings(embedders)) return undefined
  const collectionOf = new Int32Array(count)
  const embedderOf = new Int32Array(count)
  // Numbers after the header: steps (f64), residuals (f64), collection codes, embedder codes.
  const codesAt = VECTOR_ROWS_HEADER_BYTES + count * 16
  readNumbers(bytes, codesAt, collectionOf)
  readNumbers(bytes, codesAt + count * 4, embedderOf)
  if (!within(collectionOf, collections.length) || !within(embedderOf, embedders.length)) return undefined
  return { collections, collectionOf, embedders, embedderOf }
}

/** The last place at or after `from` where `needle` starts in `bytes`, or -1. */
function lastIndexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  for (let at = bytes.length - needle.length; at >= from; at--) {
    let i = 0
    while (i < needle.length && bytes[at + i] === needle[i]) i++
    if (i === needle.length) return at
  }
  return -1
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

function within(codes: Int32Array, size: number): boolean {
  for (let i = 0; i < codes.length; i++) if (codes[i]! < 0 || codes[i]! >= size) return false
  return true
}
