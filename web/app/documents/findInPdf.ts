import type { PDFDocumentProxy } from 'pdfjs-dist'
import { pageMatch, type PageMatch } from './pageMatch'

export interface PdfHit extends PageMatch {
  page: number
}

/** Enough hits to choose from; a word on every page of a 500-page report lists its first pages. */
export const MAX_HITS = 200

/**
 * Reads the PDF's pages in order and reports each page holding `query` as it is found, with how far the
 * search has gone, so a long report lists its first hits while the rest are read. Stops when `signal`
 * aborts (another search, the viewer closed) or after `MAX_HITS` pages.
 */
export async function findInPdf(
  pdf: PDFDocumentProxy,
  query: string,
  onHit: (hit: PdfHit) => void,
  onProgress: (pagesRead: number) => void,
  signal: AbortSignal,
): Promise<void> {
  let hits = 0
  for (let number = 1; number <= pdf.numPages && hits < MAX_HITS; number++) {
    if (signal.aborted) return
    const page = await pdf.getPage(number)
    const content = await page.getTextContent()
    page.cleanup()
    if (signal.aborted) return
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
      .join('')
    const match = pageMatch(text, query)
    if (match) {
      hits++
      onHit({ page: number, ...match })
    }
    onProgress(number)
  }
}
