import type { FileKind } from '../../../web/core/ingest/DocumentModel'
import type { ParsedFile } from '../../../web/core/ingest/parse/parseDocument'
import type { ParseErrorCode } from '../../../web/core/ingest/ParseError'

/** Messages between WorkerTextParsing and textParseWorker (structured-clone friendly). */
export interface TextParseTask {
  id: number
  bytes: Uint8Array
  filename: string
  timeoutMs: number
  kind?: FileKind
}

export type TextParseReply =
  | { id: number; parsed: ParsedFile }
  | { id: number; parseError: { code: ParseErrorCode; message: string } }
  | { id: number; failure: string }
