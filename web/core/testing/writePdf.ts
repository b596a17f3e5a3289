import { zlibSync } from 'fflate'
import { concatBytes } from '../kernel/bytes/concatBytes'

/** An image XObject: 8-bit grey samples, or 1-bit ones (rows padded to bytes) as an image mask. */
export interface PdfImage {
  width: number
  height: number
  data: Uint8Array
  /** 1-bit samples painted in the fill colour where 0 (`/ImageMask true`), not grey pixels. */
  mask?: boolean
}

export interface PdfPage {
  /** The MediaBox's size in points (1/72 inch). */
  width: number
  height: number
  /** `/Rotate`: how the page is turned, clockwise, when shown. */
  rotate?: 0 | 90 | 180 | 270
  /** The content stream, drawing images by name (`/Im0 Do`) and text in `/F1` (Helvetica). */
  content: string
  images?: Record<string, PdfImage>
  /**
   * A luminosity soft mask, drawn by this content over the page's box (white: opaque, black: clear),
   * that `/GS0 gs` in the page's content turns on.
   */
  softMask?: string
  /**
   * A TrueType font embedded as `/F2` (WinAnsi codes, so its own glyphs are drawn), with a ToUnicode
   * map of its own: a font whose text layer says something other than what its glyphs show.
   */
  font?: { program: Uint8Array; toUnicode: string }
}

/**
 * A PDF written by hand, for tests that need a page the corpus does not have (a rotated scan, an image
 * mask, text as vector outlines): one object per page, content stream and image, every stream
 * compressed, with a correct cross-reference table. Text uses the standard Helvetica (not embedded).
 */
export function writePdf(pages: readonly PdfPage[]): Uint8Array {
  const objects: Uint8Array[] = []
  const add = (body: string | Uint8Array): number => {
    objects.push(typeof body === 'string' ? encode(body) : body)
    return objects.length
  }
  const stream = (dictionary: string, data: Uint8Array): Uint8Array => {
    const packed = zlibSync(data)
    return concatBytes([
      encode(`<< ${dictionary} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`),
      packed,
      encode('\nendstream'),
    ])
  }
  add('<< /Type /Catalog /Pages 2 0 R >>')
  add('') // the page tree, written once its kids are known
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  const kids: number[] = []
  for (const page of pages) {
    const images = Object.entries(page.images ?? {}).map(([name, image]) => {
      const kind = image.mask
        ? '/ImageMask true /BitsPerComponent 1'
        : '/ColorSpace /DeviceGray /BitsPerComponent 8'
      const id = add(
        stream(
          `/Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} ${kind}`,
          image.data,
        ),
      )
      return `/${name} ${id} 0 R`
    })
    const states: string[] = []
    if (page.softMask !== undefined) {
      const group = add(
        stream(
          `/Type /XObject /Subtype /Form /BBox [0 0 ${page.width} ${page.height}] /Group << /S /Transparency /CS /DeviceGray >>`,
          encode(page.softMask),
        ),
      )
      states.push(`/GS0 << /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G ${group} 0 R >> >>`)
    }
    const fonts = [`/F1 ${font} 0 R`]
    if (page.font) {
      const program = add(stream(`/Length1 ${page.font.program.length}`, page.font.program))
      const descriptor = add(
        `<< /Type /FontDescriptor /FontName /Embedded /Flags 32 /FontBBox [-200 -300 1200 1000]` +
          ` /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 ${program} 0 R >>`,
      )
      const toUnicode = add(stream('', encode(page.font.toUnicode)))
      const embedded = add(
        `<< /Type /Font /Subtype /TrueType /BaseFont /Embedded /Encoding /WinAnsiEncoding` +
          ` /FontDescriptor ${descriptor} 0 R /ToUnicode ${toUnicode} 0 R >>`,
      )
      fonts.push(`/F2 ${embedded} 0 R`)
    }
    const content = add(stream('', encode(page.content)))
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}]` +
          (page.rotate ? ` /Rotate ${page.rotate}` : '') +
          ` /Resources << /Font << ${fonts.join(' ')} >> /XObject << ${images.join(' ')} >>` +
          ` /ExtGState << ${states.join(' ')} >> >>` +
          ` /Contents ${content} 0 R >>`,
      ),
    )
  }
  objects[1] = encode(
    `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(' ')}] /Count ${kids.length} >>`,
  )
  const parts: Uint8Array[] = [encode('%PDF-1.7\n%\u00e2\u00e3\n')]
  const offsets: number[] = []
  let length = parts[0]!.length
  objects.forEach((body, index) => {
    offsets.push(length)
    const part = concatBytes([encode(`${index + 1} 0 obj\n`), body, encode('\nendobj\n')])
    parts.push(part)
    length += part.length
  })
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`
  parts.push(encode(xref))
  return concatBytes(parts)
}

function encode(text: string): Uint8Array {
  // Latin-1, as PDF syntax is bytes: a char code per byte.
  return Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff)
}
