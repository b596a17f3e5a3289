import { loadNodePdfJs } from '../../sync-server/src/ingest/nodePdfjs'
import { PDF_OPEN_OPTIONS } from '../../web/core/ingest/parse/pdf/createPdfParser'

/**
 * Each page's text as pdf.js gives it (`getTextContent`, items joined by spaces and their line ends),
 * nothing of Quire's layout, paragraphs or chunking: what the plain whole-page baseline reads.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await loadNodePdfJs()
  // pdf.js detaches the buffer it is given; hand it a copy (as the parser does).
  const task = pdfjs.getDocument({ ...PDF_OPEN_OPTIONS, data: bytes.slice() })
  try {
    const document = await task.promise
    const pages: string[] = []
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
      const page = await document.getPage(pageNumber)
      try {
        const { items } = await page.getTextContent()
        pages.push(items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''))
      } finally {
        page.cleanup()
      }
    }
    return pages
  } finally {
    await task.destroy()
  }
}
