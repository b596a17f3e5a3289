import { zlibSync } from 'fflate'
import { concatBytes } from '../../kernel/bytes/concatBytes'

/** Pixels as pdf.js and TIFF decoders hand them over: 1 (grey), 3 (RGB) or 4 (RGBA) bytes per pixel. */
export interface RawImage {
  width: number
  height: number
  channels: 1 | 3 | 4
  data: Uint8Array | Uint8ClampedArray
}

const COLOUR_TYPE = { 1: 0, 3: 2, 4: 6 } as const

/**
 * A minimal PNG encoder (no filtering, zlib from fflate), so decoded pixels can go to an OCR engine
 * that takes encoded images. Tesseract's image reader misreads some other raw formats (a PGM of a
 * scan came back as noise where the same pixels as PNG read cleanly), and PNG is what both hosts'
 * engines decode the same way.
 */
export function encodePng(image: RawImage): Uint8Array {
  const { width, height, channels, data } = image
  const stride = width * channels
  if (data.length < stride * height)
    throw new Error(`image data too short for ${width}x${height}x${channels}`)
  const raw = new Uint8Array((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    // Filter byte 0 (none) then the row.
    raw.set(data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  }
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header[8] = 8
  header[9] = COLOUR_TYPE[channels]
  return concatBytes([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw, { level: 1 })),
    chunk('IEND', new Uint8Array(0)),
  ])
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, body.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(body, 8)
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)))
  return out
}

let table: Uint32Array | undefined

function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      table[n] = c >>> 0
    }
  }
  let crc = 0xffffffff
  for (const byte of bytes) crc = (table[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}
