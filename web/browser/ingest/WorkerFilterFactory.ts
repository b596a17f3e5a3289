import type { PdfJsFilterFactory } from '../../core/ingest/parse/pdf/PdfJs'

/**
 * pdf.js's filter factory for a Web Worker: pdf.js's browser default (DOMFilterFactory) builds each
 * filter (transfer functions, luminosity and alpha soft masks, high-contrast colours) as SVG in a DOM
 * document, and the ingest worker has none, so drawing any page with a soft mask threw there. This one
 * answers "none" to every filter, as pdf.js's own Node factory does: the page is drawn as on the server
 * (a luminosity mask then acts as an alpha one), which is what OCR needs and keeps the hosts' pixels alike.
 */
export class WorkerFilterFactory implements PdfJsFilterFactory {
  addFilter(): string {
    return 'none'
  }

  addHCMFilter(): string {
    return 'none'
  }

  addAlphaFilter(): string {
    return 'none'
  }

  addLuminosityFilter(): string {
    return 'none'
  }

  addHighlightHCMFilter(): string {
    return 'none'
  }

  destroy(): void {}
}
