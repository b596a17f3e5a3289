import { writePdf, type PdfPage } from '../writePdf'
import { textScan } from './textScan'

/** PDF points per pixel of a 300 dpi scan. */
const POINT = 72 / 300

/**
 * A PDF of text pages and scanned pages, as a book with a few plates or a contract with signed pages
 * is: each entry of `pages` is either `{ text }` (a text layer, one line in Helvetica) or `{ scan }`
 * (lines of text as a 300 dpi image with no text layer, which only OCR reads).
 */
export async function textAndScanPdf(
  pages: ReadonlyArray<{ text: string } | { scan: readonly string[] }>,
): Promise<Uint8Array> {
  const written: PdfPage[] = []
  for (const page of pages) {
    if ('text' in page) {
      written.push({ width: 400, height: 200, content: `BT /F1 12 Tf 20 100 Td (${page.text}) Tj ET` })
      continue
    }
    const scan = await textScan(page.scan)
    const width = scan.width * POINT
    const height = scan.height * POINT
    written.push({
      width,
      height,
      content: `q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q`,
      images: { Im0: { width: scan.width, height: scan.height, data: scan.data } },
    })
  }
  return writePdf(written)
}
