import type { FileKind } from '../DocumentModel'
import { parseDocument, type ParsedFile } from './parseDocument'
import { textParsers } from './textParsers'

export interface TextParseOptions {
  /** The time limit of this one parse. */
  timeoutMs: number
  /** The kind when the caller knows it (a page's Content-Type); else sniffed from the bytes and name. */
  kind?: FileKind
}

/**
 * Reads a text-format file (Markdown, HTML, plain text) outside ingestion: a web page's text for web
 * search, `process-text-context`'s text. `parseDocument` with the text parsers: every failure a
 * ParseError. Hosts answering many people run it off their request thread (the sync server's
 * WorkerTextParsing), where a page that takes long is stopped for good at its time limit.
 */
export type TextParsing = (
  bytes: Uint8Array,
  filename: string,
  options: TextParseOptions,
) => Promise<ParsedFile>

/** In the calling thread: the browser's API worker, and any host that sets none. */
export const parseTextHere: TextParsing = (bytes, filename, { timeoutMs, kind }) =>
  parseDocument(bytes, filename, { parsers: textParsers, timeoutMs, kind })
