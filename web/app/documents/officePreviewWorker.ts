import { expose } from 'comlink'
import type { FileKind } from '../../core/ingest/DocumentModel'
import { officeParsers } from '../../core/ingest/parse/office/officeParsers'
import { parseDocument } from '../../core/ingest/parse/parseDocument'

/**
 * Reads a Word or PowerPoint file for the document dialog's preview with the parsers ingestion uses, off
 * the page's thread: a long or hostile file keeps this worker busy, never the dialog, and closing the
 * dialog terminates it (parseOfficeFile).
 */
const api = {
  parse: (bytes: Uint8Array, filename: string, kind: FileKind) =>
    // The kind is the one sniffed from these bytes at upload; sniffing again by name would fail for an
    // OLE2 file renamed without its .doc or .ppt.
    parseDocument(bytes, filename, { parsers: officeParsers, kind, timeoutMs: 60_000 }),
}

export type OfficePreviewWorkerApi = typeof api

expose(api)
