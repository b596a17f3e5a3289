import type { ChunkOcr, ChunkRecord } from '../../store/ChunkRecord'
import { sha256Hex } from '../../store/FileStore'
import { timeSlicer } from '../../kernel/time/timeSlicer'
import { yieldToEventLoop } from '../../kernel/time/yieldToEventLoop'

/**
 * A document's processed chunks, vectors included, as one content-addressed blob: a device that
 * receives it has the document searchable without parsing or embedding it again. JSON, with each
 * vector as base64 of its float32 bytes (a third of the size of JSON numbers, and exact). The same
 * chunks always give the same bytes, so the same key.
 */
export const CHUNK_BLOB_FORMAT = 'quire-chunks-v1'
/**
 * Chunks encoded between two looks at the clock (`timeSlicer`): a 100,000-chunk document's blob is
 * some 360 MB, and encoding it at once held the server's thread for seconds.
 */
const ENCODE_STEP = 20
/** Bytes copied into the blob between two yields. */
const COPY_SLICE = 32 * 1024 * 1024

interface EncodedChunk extends Omit<ChunkRecord, 'vector'> {
  vector: string | null
}

/**
 * The chunks' blob, in index order: the bytes of `JSON.stringify({format, chunks})` (so keys stay
 * those of every blob already made), written a time slice at a time with the event loop let run in
 * between.
 */
export async function encodeChunks(chunks: readonly ChunkRecord[]): Promise<Uint8Array> {
  const sorted = [...chunks].sort((a, b) => a.index - b.index)
  const encoder = new TextEncoder()
  const parts: Uint8Array[] = [encoder.encode(`{"format":${JSON.stringify(CHUNK_BLOB_FORMAT)},"chunks":[`)]
  const slice = timeSlicer()
  for (let start = 0; start < sorted.length; start += ENCODE_STEP) {
    await slice()
    const json = sorted
      .slice(start, start + ENCODE_STEP)
      .map((chunk) => JSON.stringify(encodeChunk(chunk)))
      .join(',')
    parts.push(encoder.encode(start > 0 ? `,${json}` : json))
  }
  parts.push(encoder.encode(']}'))
  return concatenate(parts)
}

function encodeChunk(chunk: ChunkRecord): EncodedChunk {
  return {
    id: chunk.id,
    document_id: chunk.document_id,
    collection_id: chunk.collection_id,
    index: chunk.index,
    text: chunk.text,
    page: chunk.page,
    heading: chunk.heading,
    token_count: chunk.token_count,
    embedder: chunk.embedder,
    vector: chunk.vector
      ? toBase64(new Uint8Array(chunk.vector.buffer, chunk.vector.byteOffset, chunk.vector.byteLength))
      : null,
    // Only when set: a chunk without it encodes to the bytes (and the key) it always had.
    ...(chunk.ocr ? { ocr: { confidence: chunk.ocr.confidence } } : {}),
  }
}

/** One buffer of the parts, copied `COPY_SLICE` bytes at a time between yields. */
async function concatenate(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  const whole = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let offset = 0
  let sinceYield = 0
  for (const part of parts) {
    whole.set(part, offset)
    offset += part.length
    sinceYield += part.length
    if (sinceYield >= COPY_SLICE) {
      sinceYield = 0
      await yieldToEventLoop()
    }
  }
  return whole
}

/** Throws a SyntaxError on bytes that are not an encoded chunk list (a corrupt or foreign blob). */
export function decodeChunks(bytes: Uint8Array): ChunkRecord[] {
  // Parsed in one step: a synced blob is as big as the document that made it, which its sender's
  // limits bound (some 40 MB at the default limits); one made under raised limits takes longer.
  const parsed = JSON.parse(new TextDecoder().decode(bytes)) as { format?: unknown; chunks?: unknown }
  if (parsed?.format !== CHUNK_BLOB_FORMAT || !Array.isArray(parsed.chunks)) {
    throw new SyntaxError('Not a chunk blob')
  }
  return parsed.chunks.map(decodeChunk)
}

/**
 * One chunk of a blob, as its JSON parsed (a reader that takes a big blob a chunk at a time: an
 * archive's passages); throws a SyntaxError on a malformed one.
 */
export function decodeChunk(value: unknown): ChunkRecord {
  const chunk = value as EncodedChunk | null | undefined
  if (typeof chunk?.id !== 'string' || typeof chunk.text !== 'string' || typeof chunk.index !== 'number') {
    throw new SyntaxError('A chunk blob holds a malformed chunk')
  }
  const { ocr, ...rest } = chunk
  return {
    ...rest,
    vector: typeof chunk.vector === 'string' ? toFloat32(fromBase64(chunk.vector)) : null,
    // Blobs made before chunks had it have none; a malformed one is dropped, not trusted.
    ...(isChunkOcr(ocr) ? { ocr: { confidence: ocr.confidence } } : {}),
  }
}

function isChunkOcr(value: unknown): value is ChunkOcr {
  const confidence = (value as { confidence?: unknown } | null | undefined)?.confidence
  return typeof confidence === 'number' && confidence >= 0 && confidence <= 1
}

/** The key the chunks' blob has (its SHA-256), or null for no chunks (a failed document). */
export async function chunkBlobKey(chunks: readonly ChunkRecord[]): Promise<string | null> {
  return chunks.length === 0 ? null : sha256Hex(await encodeChunks(chunks))
}

function toFloat32(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0) throw new SyntaxError('A chunk vector is not float32')
  // A copy: the decoded bytes' offset may not be 4-aligned.
  return new Float32Array(bytes.slice().buffer)
}

const BASE64 = Uint8Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', (c) =>
  c.charCodeAt(0),
)
const PAD = 0x3d // '='
const ascii = new TextDecoder()

/**
 * Standard base64 (what `btoa` gives), by table into bytes and one decode: seven times the speed of
 * `btoa(String.fromCharCode(...))`, which was most of the time of encoding a big document's blob.
 */
function toBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4)
  let o = 0
  let i = 0
  for (; i + 2 < bytes.length; i += 3) {
    const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!
    out[o++] = BASE64[triple >> 18]!
    out[o++] = BASE64[(triple >> 12) & 63]!
    out[o++] = BASE64[(triple >> 6) & 63]!
    out[o++] = BASE64[triple & 63]!
  }
  if (i < bytes.length) {
    const two = i + 1 < bytes.length
    const triple = (bytes[i]! << 16) | ((two ? bytes[i + 1]! : 0) << 8)
    out[o++] = BASE64[triple >> 18]!
    out[o++] = BASE64[(triple >> 12) & 63]!
    out[o++] = two ? BASE64[(triple >> 6) & 63]! : PAD
    out[o++] = PAD
  }
  return ascii.decode(out)
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
