import type { DocumentParser } from '../../core/ingest/DocumentModel'
import { officeParsers } from '../../core/ingest/parse/office/officeParsers'
import { createPdfParser } from '../../core/ingest/parse/pdf/createPdfParser'
import { textParsers } from '../../core/ingest/parse/textParsers'
import { createImageParser } from '../../core/ingest/ocr/createImageParser'
import { loadBrowserOcr } from './browserOcr'
import { loadBrowserPdfJs } from './browserPdfjs'
import { loadBrowserCanvas } from './OffscreenCanvasFactory'

/**
 * Every parser, as the browser runs them (pdf.js and tesseract.js loaded lazily, each with its own
 * worker; PDF pages drawn for OCR on OffscreenCanvas).
 */
export const browserParsers: readonly DocumentParser[] = [
  ...textParsers,
  ...officeParsers,
  createPdfParser(loadBrowserPdfJs, { loadOcr: loadBrowserOcr, loadCanvas: loadBrowserCanvas }),
  createImageParser(loadBrowserOcr),
]
