import sharp from 'sharp'
import { writePdf } from '../../web/core/testing/writePdf'

/**
 * A 300 dpi scan (any image sharp reads) as a one-page PDF with no text layer, the scan in grey filling
 * the page: what a scanner's "scan to PDF" gives, so OCR of the page goes through pdf.js's drawing.
 */
export async function scanAsPdf(image: Uint8Array): Promise<Uint8Array> {
  const { data, info } = await sharp(image).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true })
  if (info.channels !== 1) throw new Error(`expected grey pixels, got ${info.channels} channels`)
  const width = (info.width * 72) / 300
  const height = (info.height * 72) / 300
  return writePdf([
    {
      width,
      height,
      content: `q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q`,
      images: { Im0: { width: info.width, height: info.height, data: new Uint8Array(data) } },
    },
  ])
}
