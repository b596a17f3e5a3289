import { describe, expect, it } from 'vitest'
import type { ChunkRecord } from '../../store/ChunkRecord'
import { newChunk, newCollection, newDocument } from '../../store/conformance/fixtures'
import { sha256Hex } from '../../store/FileStore'
import { chunkBlobKey, decodeChunks, encodeChunks } from './chunkBlob'

const document = newDocument(newCollection().id)
/** 600 chunks (more than one encoding batch), with a vector-less one and text that needs escaping. */
const chunks: ChunkRecord[] = Array.from({ length: 600 }, (_, i) =>
  newChunk(document, i, {
    text: `Passage ${i}: "quoted", a tab\t, a line\nbreak, é and 😀`,
    ...(i === 7 ? { vector: null, embedder: null } : {}),
    // Vectors of 4 and 8 bytes end base64 with '==' and '='.
    ...(i === 8 ? { vector: Float32Array.of(0.5), embedder: 'tiny' } : {}),
    ...(i === 9 ? { vector: Float32Array.of(-1.25, 3), embedder: 'tiny' } : {}),
  }),
)

/** The blob as it was made before encoding went in batches: one JSON.stringify of everything. */
function encodedAtOnce(list: readonly ChunkRecord[]): Uint8Array {
  const toBase64 = (vector: Float32Array) =>
    btoa(String.fromCharCode(...new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength)))
  return new TextEncoder().encode(
    JSON.stringify({
      format: 'quire-chunks-v1',
      chunks: [...list]
        .sort((a, b) => a.index - b.index)
        .map((chunk) => ({ ...chunk, vector: chunk.vector ? toBase64(chunk.vector) : null })),
    }),
  )
}

describe('chunk blobs', () => {
  it('encode in batches to the very bytes of one JSON.stringify, so existing keys stay valid', async () => {
    const shuffled = [...chunks.slice(300), ...chunks.slice(0, 300)]
    const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
    // Compared as text: the same bytes, and a readable difference if not.
    expect(text(await encodeChunks(shuffled))).toBe(text(encodedAtOnce(chunks)))
    expect(await chunkBlobKey(shuffled)).toBe(await sha256Hex(encodedAtOnce(chunks)))
  })

  it('decode to the chunks, in index order, vectors exact', async () => {
    expect(decodeChunks(await encodeChunks([...chunks].reverse()))).toEqual(chunks)
  })

  it('have no key for no chunks, and encode none as an empty list', async () => {
    expect(await chunkBlobKey([])).toBeNull()
    expect(decodeChunks(await encodeChunks([]))).toEqual([])
  })
})
