import { PDF_OPEN_OPTIONS } from '../../web/core/ingest/parse/pdf/createPdfParser'
import { loadNodePdfJs } from '../../sync-server/src/ingest/nodePdfjs'

export interface RawPdfText {
  pages: number
  /** Text items over all pages: the output is used, and a check that there was text to read. */
  items: number
}

/**
 * pdf.js alone: the same legacy build and the same `getDocument` options as the PDF parser
 * (createPdfParser.ts, where each is explained), then `getTextContent()` of every page and nothing more. The
 * ingest pipeline's time beyond this is its own work: layout, paragraphs, chunking and embedding.
 */
export async function rawPdfjsText(bytes: Uint8Array): Promise<RawPdfText> {
  const pdfjs = await loadNodePdfJs()
  // pdf.js transfers the buffer to its (fake) worker, which detaches it; the parser hands it a copy too.
  const task = pdfjs.getDocument({ ...PDF_OPEN_OPTIONS, data: bytes.slice() })
  try {
    const document = await task.promise
    let items = 0
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
      const page = await document.getPage(pageNumber)
      try {
        items += (await page.getTextContent()).items.length
      } finally {
        // As the parser does: without it a long document keeps every page's parsed resources alive.
        page.cleanup()
      }
    }
    return { pages: document.numPages, items }
  } finally {
    await task.destroy()
  }
}
