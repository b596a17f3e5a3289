import * as CFB from 'cfb'
import { strToU8, unzipSync, zipSync, Zlib } from 'fflate'
import { concatBytes } from '../../kernel/bytes/concatBytes'
import { writePdf } from '../writePdf'

/**
 * Files shaped to take an ingest's memory, not its time (issue 39): small on disk, huge once read.
 * Made here rather than stored, so the bench (bench/ingest-hostile.ts) and the regression test
 * (sync-server/test/ingestHostileMemory.test.ts) read the same shapes. Real packages are taken as the
 * base where one is needed (a corpus DOCX, DOC, PPT), so only the hostile part differs.
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'

/** `docx` with its word/document.xml replaced by `xml` (deflated, as any package is). */
export function docxWithBody(docx: Uint8Array, bodyXml: string): Uint8Array {
  const parts = unzipSync(docx)
  const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${bodyXml}</w:body></w:document>`
  parts['word/document.xml'] = strToU8(xml)
  return zipSync(
    Object.fromEntries(Object.entries(parts).map(([name, data]) => [name, [data, { level: 6 }]])),
  )
}

/** A paragraph of text, then `megabytes` of empty elements (`<w:x/>`): 60 MB deflate to about 100 KB. */
export function emptyElementsDocx(docx: Uint8Array, megabytes: number): Uint8Array {
  const element = '<w:x/>'
  const count = Math.floor((megabytes * 1024 * 1024) / element.length)
  return docxWithBody(docx, `<w:p><w:r><w:t>Hello</w:t></w:r></w:p><w:p>${element.repeat(count)}</w:p>`)
}

/** One paragraph of `megabytes` of one-letter runs: few characters, millions of elements. */
export function manyRunsDocx(docx: Uint8Array, megabytes: number): Uint8Array {
  const run = '<w:r><w:t>a</w:t></w:r>'
  const count = Math.floor((megabytes * 1024 * 1024) / run.length)
  return docxWithBody(docx, `<w:p>${run.repeat(count)}</w:p>`)
}

/**
 * A valid PNG of `width` x `height` 1-bit grey pixels, all white: 20000 x 20000 is some 50 KB here and
 * 1.6 GB once an OCR engine decodes it to 32-bit pixels. Deflated a row at a time, never held whole.
 */
export function hugePng(width: number, height: number): Uint8Array {
  const chunks: Uint8Array[] = []
  const zlib = new Zlib({ level: 9 }, (data) => void chunks.push(data))
  const row = new Uint8Array(1 + Math.ceil(width / 8)).fill(0xff)
  row[0] = 0 // filter: none
  const rows = 256
  const band = new Uint8Array(row.length * rows)
  for (let i = 0; i < rows; i++) band.set(row, i * row.length)
  for (let y = 0; y < height; y += rows) {
    const count = Math.min(rows, height - y)
    zlib.push(band.subarray(0, count * row.length), y + count >= height)
  }
  const ihdr = new Uint8Array(13)
  const view = new DataView(ihdr.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  ihdr.set([1, 0, 0, 0, 0], 8) // 1-bit greyscale, deflate, adaptive filtering, no interlace
  return concatBytes([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', concatBytes(chunks)),
    pngChunk('IEND', new Uint8Array(0)),
  ])
}

/** A PDF of one blank page `points` wide and high (14400 is the largest a PDF allows): drawn for OCR. */
export function hugePagePdf(points: number): Uint8Array {
  return writePdf([{ width: points, height: points, content: '' }])
}

/** A PDF of `pages` pages, each its own page and content objects, each with one word on it. */
export function manyObjectsPdf(pages: number): Uint8Array {
  return writePdf(
    Array.from({ length: pages }, (_, i) => ({
      width: 200,
      height: 200,
      content: `BT /F1 12 Tf 20 100 Td (p${i}) Tj ET`,
    })),
  )
}

/** A compound file (DOC, PPT) with an extra stream of `megabytes` of noise beside its own streams. */
export function bloatedCompoundFile(file: Uint8Array, megabytes: number): Uint8Array {
  const container = CFB.read(Buffer.from(file), { type: 'buffer' })
  CFB.utils.cfb_add(container, 'Bloat', noise(megabytes))
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Uint8Array)
}

/**
 * A compound file whose own stream `name` (WordDocument, PowerPoint Document: the one its parser reads)
 * has `megabytes` of noise after its records. The records' offsets still hold, so the file opens as
 * before; only the stream read is larger.
 */
export function bloatedStreamFile(file: Uint8Array, name: string, megabytes: number): Uint8Array {
  const container = CFB.read(Buffer.from(file), { type: 'buffer' })
  const entry = CFB.find(container, name)
  if (!entry?.content) throw new Error(`no ${name} stream`)
  const content = concatBytes([new Uint8Array(entry.content as Uint8Array), noise(megabytes)])
  entry.content = Buffer.from(content.buffer, content.byteOffset, content.byteLength) as never
  entry.size = content.length
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Uint8Array)
}

/** Noise, not zeros: nothing in a compound file is compressed, so the bytes are the file's size. */
function noise(megabytes: number): Uint8Array {
  const bytes = new Uint8Array(Math.round(megabytes * 1024 * 1024))
  let state = 1
  for (let i = 0; i < bytes.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0
    bytes[i] = state >>> 24
  }
  return bytes
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const head = new Uint8Array(8)
  const view = new DataView(head.buffer)
  view.setUint32(0, data.length)
  head.set(strToU8(type), 4)
  const crc = new Uint8Array(4)
  new DataView(crc.buffer).setUint32(0, crc32(concatBytes([head.subarray(4), data])))
  return concatBytes([head, data, crc])
}

let crcTable: Uint32Array | undefined
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c >>> 0
    }
  }
  let crc = 0xffffffff
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}
