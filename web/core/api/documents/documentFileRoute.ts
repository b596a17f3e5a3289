import { attachmentDisposition } from '../../http/attachmentDisposition'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorSchema } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { fileKey } from '../../documents/processDocument'
import type { Store } from '../../store/Store'
import { documentIdParams } from './documentSchemas'

const NOT_FOUND = 'Document not found'

/** The document's record names its stored file; the file store holds the bytes. */
type DocumentFilePorts = Pick<ApiPorts, 'files'> & { store: Pick<Store, 'documents'> }

/** What the browser should call each kind; anything else is plain bytes. */
const MEDIA_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/plain; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  tiff: 'image/tiff',
}

const DOCUMENT_FILE_CSP = "sandbox; default-src 'none'"

/**
 * The original bytes of an uploaded document, so that a reader can see a cited passage in place (the chat's
 * source panel renders a PDF page with pdf.js). ApiResult has no binary `body`, so the bytes go out as a
 * one-chunk `stream`, which both hosts already pass through untouched. HTML is served as text/plain and
 * every file as an attachment with `nosniff`: an uploaded page must never run as part of Quire's origin.
 */
export const documentFileRoute: Route = defineRoute({
  method: 'get',
  path: '/api/documents/:document_id/file',
  operationId: 'getDocumentFile',
  summary: "Download a document's original file",
  tags: ['Documents'],
  params: documentIdParams,
  notFoundDetail: NOT_FOUND,
  responses: {
    200: {
      description: 'The file as uploaded',
      headers: {
        'Content-Security-Policy':
          "`sandbox; default-src 'none'`: opened directly, an uploaded page or SVG runs in an opaque origin with nothing allowed",
      },
    },
    404: { description: 'Document (or its stored file) not found', schema: errorSchema },
  },
  async handler({ params }, { store, files }: DocumentFilePorts) {
    const document = await store.documents.getDocument(params.document_id)
    if (!document) throw ApiError.notFound(NOT_FOUND)
    const bytes = await files.get(fileKey(document))
    if (!bytes) throw ApiError.notFound('The stored file is missing; upload the document again')
    return {
      status: 200,
      stream: new Response(bytes as Uint8Array<ArrayBuffer>).body ?? undefined,
      headers: {
        'Content-Type': MEDIA_TYPES[document.document_type] ?? 'application/octet-stream',
        'Content-Length': String(bytes.length),
        // Any name downloads: UTF-8 in filename* (RFC 5987), an ASCII stand-in in filename.
        'Content-Disposition': attachmentDisposition(document.original_filename),
        'X-Content-Type-Options': 'nosniff',
        // Were it ever opened as a page (a direct link, a browser that ignores attachment), it is a
        // sandbox with no scripts, no Quire origin and nothing to load.
        'Content-Security-Policy': DOCUMENT_FILE_CSP,
      },
    }
  },
})
