import type { DocumentParser } from '../../../web/core/ingest/DocumentModel'
import { officeParsers } from '../../../web/core/ingest/parse/office/officeParsers'
import { createPdfParser } from '../../../web/core/ingest/parse/pdf/createPdfParser'
import { textParsers } from '../../../web/core/ingest/parse/textParsers'
import { createImageParser } from '../../../web/core/ingest/ocr/createImageParser'
import { loadNodeCanvas } from './nodeCanvas'
import { loadNodeOcr } from './nodeOcr'
import { loadNodePdfJs } from './nodePdfjs'

/**
 * Every parser, as the server runs them (pdf.js's legacy build for Node, which draws pages for OCR on
 * @napi-rs/canvas; tesseract.js for OCR).
 */
export const nodeParsers: readonly DocumentParser[] = [
  ...textParsers,
  ...officeParsers,
  createPdfParser(loadNodePdfJs, { loadOcr: loadNodeOcr, loadCanvas: loadNodeCanvas }),
  createImageParser(loadNodeOcr),
]
