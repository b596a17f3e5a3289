import { loadNodePdfJs } from '../../sync-server/src/ingest/nodePdfjs'
import { PDF_OPEN_OPTIONS } from '../../web/core/ingest/parse/pdf/createPdfParser'
import { pageParagraphs } from '../../web/core/ingest/parse/pdf/pageParagraphs'

/**
 * The text of some pages of a PDF as Quire's parser reads them (`pageParagraphs`: reading order, tables as
 * rows of cells joined by ' | '), paragraphs joined by line ends; keyed by 1-indexed page number. Only the
 * pages asked for are read, so checking a few pages of a 500-page filing stays quick. No OCR.
 */
export async function quirePdfPageTexts(
  bytes: Uint8Array,
  pageNumbers: Iterable<number>,
): Promise<Map<number, string>> {
  const pdfjs = await loadNodePdfJs()
  // pdf.js detaches the buffer it is given; hand it a copy (as the parser does).
  const task = pdfjs.getDocument({ ...PDF_OPEN_OPTIONS, data: bytes.slice() })
  try {
    const document = await task.promise
    const texts = new Map<number, string>()
    for (const pageNumber of new Set(pageNumbers)) {
      if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > document.numPages) {
        throw new Error(`page ${pageNumber} is not a page of this PDF (1 to ${document.numPages})`)
      }
      const page = await document.getPage(pageNumber)
      try {
        const content = await page.getTextContent({ includeMarkedContent: false })
        const paragraphs = pageParagraphs(content, page.getViewport({ scale: 1 }).transform)
        texts.set(pageNumber, paragraphs.map((paragraph) => paragraph.text).join('\n'))
      } finally {
        page.cleanup()
      }
    }
    return texts
  } finally {
    await task.destroy()
  }
}
