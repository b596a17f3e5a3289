// Writes the PWA icons (public/icons/*.png) with no image library: a quill-blue tile with a
// white ring and tail (a "Q"). Run `node scripts/make-icons.mjs` after changing the design.
import { mkdirSync, writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const BLUE = [59, 74, 140]
const WHITE = [255, 255, 255]

function crc32(bytes) {
  let c = ~0
  for (const b of bytes) {
    c ^= b
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
  }
  return ~c >>> 0
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/** `paint(x, y)` returns [r, g, b, a] for pixel centres in [0, 1) coordinates. */
function png(size, paint) {
  const raw = Buffer.alloc((size * 4 + 1) * size)
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = paint((x + 0.5) / size, (y + 0.5) / size)
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The glyph in a unit square: a ring plus a diagonal tail at the lower right. */
function glyph(x, y) {
  const d = Math.hypot(x - 0.5, y - 0.47)
  const ring = d > 0.2 && d < 0.29
  const t = (x - 0.55 + (y - 0.62)) / 2
  const tail = Math.abs(x - 0.55 - (y - 0.62)) < 0.06 && t > 0 && t < 0.14
  return ring || tail
}

function tile({ maskable }) {
  return (x, y) => {
    // Maskable icons are full-bleed with the glyph inside the 80% safe zone.
    const scale = maskable ? 0.72 : 0.84
    const gx = (x - 0.5) / scale + 0.5
    const gy = (y - 0.5) / scale + 0.5
    if (!maskable) {
      const r = 0.2
      const cx = Math.min(Math.max(x, r), 1 - r)
      const cy = Math.min(Math.max(y, r), 1 - r)
      if (Math.hypot(x - cx, y - cy) > r) return [0, 0, 0, 0]
    }
    return [...(glyph(gx, gy) ? WHITE : BLUE), 255]
  }
}

mkdirSync('public/icons', { recursive: true })
writeFileSync('public/icons/icon-192.png', png(192, tile({ maskable: false })))
writeFileSync('public/icons/icon-512.png', png(512, tile({ maskable: false })))
writeFileSync('public/icons/icon-maskable-512.png', png(512, tile({ maskable: true })))
console.log('wrote public/icons/icon-192.png, icon-512.png, icon-maskable-512.png')
