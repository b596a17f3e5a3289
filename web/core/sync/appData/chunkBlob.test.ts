import { describe, expect, it } from 'vitest'
import type { ChunkRecord } from '../../store/ChunkRecord'
import { newChunk, newCollection, newDocument } from '../../testing/conformance/store/fixtures'
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

  it("carry a chunk's OCR mark, and read blobs made before chunks had one", async () => {
    const marked = [
      newChunk(document, 0, { ocr: { confidence: 0.87 } }),
      newChunk(document, 1),
      newChunk(document, 2, { ocr: { confidence: 1 } }),
    ]
    const decoded = decodeChunks(await encodeChunks(marked))
    expect(decoded).toEqual(marked)
    expect(decoded.map((chunk) => 'ocr' in chunk)).toEqual([true, false, true])
    // A blob of the format as it was before the mark: the same chunks, none marked.
    const old = encodedAtOnce(marked.map(({ ocr: _ocr, ...chunk }) => chunk))
    expect(decodeChunks(old).map((chunk) => 'ocr' in chunk)).toEqual([false, false, false])
    // And an unmarked chunk keeps the key it had.
    expect(await chunkBlobKey([marked[1]!])).toBe(await sha256Hex(encodedAtOnce([marked[1]!])))
    // A malformed mark from a foreign blob is dropped.
    const forged = new TextEncoder().encode(
      new TextDecoder().decode(old).replace('"vector":', '"ocr":{"confidence":"high"},"vector":'),
    )
    expect(decodeChunks(forged).some((chunk) => 'ocr' in chunk)).toBe(false)
  })

  it('have no key for no chunks, and encode none as an empty list', async () => {
    expect(await chunkBlobKey([])).toBeNull()
    expect(decodeChunks(await encodeChunks([]))).toEqual([])
  })
})
