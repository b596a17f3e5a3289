import type { FileKind } from '../../ingest/DocumentModel'
import { SUPPORTED_EXTENSIONS } from '../../ingest/parse/supportedExtensions'

/**
 * BrainDrive's canonical type name of each kind Quire reads (its `file_type`, `detected_type` and
 * `canonical_types`): the usual extension, so `md` and `txt` rather than Quire's `markdown` and `text`.
 */
const CANONICAL: Record<FileKind, string> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  pptx: 'pptx',
  ppt: 'ppt',
  markdown: 'md',
  html: 'html',
  text: 'txt',
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  tiff: 'tiff',
}

/** The media type of each kind, as the extraction answers' `content_type` gives it. */
const MEDIA_TYPE: Record<FileKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  markdown: 'text/markdown',
  html: 'text/html',
  text: 'text/plain',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  tiff: 'image/tiff',
}

/** Media types clients send for the kinds Quire reads, mapped to the canonical type (BrainDrive's `supported_types`). */
const SUPPORTED_MEDIA_TYPES: Record<string, string> = {
  [MEDIA_TYPE.pdf]: 'pdf',
  [MEDIA_TYPE.docx]: 'docx',
  [MEDIA_TYPE.doc]: 'doc',
  [MEDIA_TYPE.pptx]: 'pptx',
  [MEDIA_TYPE.ppt]: 'ppt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/plain': 'txt',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
}

export function canonicalType(kind: FileKind): string {
  return CANONICAL[kind]
}

export function mediaType(kind: FileKind): string {
  return MEDIA_TYPE[kind]
}

/** The kinds read on the request path by `process-text-context` (the others go through the ingest worker). */
export const TEXT_KINDS: readonly FileKind[] = ['markdown', 'html', 'text']

/** Most files one `process-multiple` request may carry. */
export const MAX_FILES_PER_REQUEST = 10

/** `GET /api/v1/documents/supported-types`: BrainDrive's fields, with Quire's types and limits. */
export function supportedTypes(maxUploadBytes: number) {
  return {
    supported_types: { ...SUPPORTED_MEDIA_TYPES },
    extensions: SUPPORTED_EXTENSIONS.map((extension) => extension.slice(1)).sort(),
    canonical_types: [...new Set(Object.values(CANONICAL))].sort(),
    max_file_size_mb: Math.floor(maxUploadBytes / (1024 * 1024)),
    max_files_per_request: MAX_FILES_PER_REQUEST,
  }
}
