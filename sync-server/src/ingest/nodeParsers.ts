import type { DocumentParser } from '../../../web/core/ingest/DocumentModel'
import { officeParsers } from '../../../web/core/ingest/parse/office/officeParsers'
import { createPdfParser } from '../../../web/core/ingest/parse/pdf/createPdfParser'
import { textParsers } from '../../../web/core/ingest/parse/textParsers'
import { loadNodePdfJs } from './nodePdfjs'

/** Every parser, as the server runs them (pdf.js's legacy build for Node). */
export const nodeParsers: readonly DocumentParser[] = [
  ...textParsers,
  ...officeParsers,
  createPdfParser(loadNodePdfJs),
]
