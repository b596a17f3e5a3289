import type { ChunkRecord } from '../../store/ChunkRecord'
import { sha256Hex } from '../../store/FileStore'

/**
 * A document's processed chunks, vectors included, as one content-addressed blob: a device that
 * receives it has the document searchable without parsing or embedding it again. JSON, with each
 * vector as base64 of its float32 bytes (a third of the size of JSON numbers, and exact). The same
 * chunks always give the same bytes, so the same key.
 */
const FORMAT = 'quire-chunks-v1'

interface EncodedChunk extends Omit<ChunkRecord, 'vector'> {
  vector: string | null
}

export function encodeChunks(chunks: readonly ChunkRecord[]): Uint8Array {
  const encoded: EncodedChunk[] = [...chunks]
    .sort((a, b) => a.index - b.index)
    .map((chunk) => ({
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
    }))
  return new TextEncoder().encode(JSON.stringify({ format: FORMAT, chunks: encoded }))
}

/** Throws a SyntaxError on bytes that are not an encoded chunk list (a corrupt or foreign blob). */
export function decodeChunks(bytes: Uint8Array): ChunkRecord[] {
  const parsed = JSON.parse(new TextDecoder().decode(bytes)) as { format?: unknown; chunks?: unknown }
  if (parsed?.format !== FORMAT || !Array.isArray(parsed.chunks)) {
    throw new SyntaxError('Not a chunk blob')
  }
  return (parsed.chunks as EncodedChunk[]).map((chunk) => {
    if (typeof chunk?.id !== 'string' || typeof chunk.text !== 'string' || typeof chunk.index !== 'number') {
      throw new SyntaxError('A chunk blob holds a malformed chunk')
    }
    return {
      ...chunk,
      vector: typeof chunk.vector === 'string' ? toFloat32(fromBase64(chunk.vector)) : null,
    }
  })
}

/** The key the chunks' blob has (its SHA-256), or null for no chunks (a failed document). */
export async function chunkBlobKey(chunks: readonly ChunkRecord[]): Promise<string | null> {
  return chunks.length === 0 ? null : sha256Hex(encodeChunks(chunks))
}

function toFloat32(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0) throw new SyntaxError('A chunk vector is not float32')
  // A copy: the decoded bytes' offset may not be 4-aligned.
  return new Float32Array(bytes.slice().buffer)
}

const STEP = 0x8000
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += STEP) {
    binary += String.fromCharCode(...bytes.subarray(i, i + STEP))
  }
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
