import type { FileKind } from '../../core/ingest/DocumentModel'
import type { ParseErrorCode } from '../../core/ingest/ParseError'
import type { DocumentRecord } from '../../core/store/DocumentRecord'
import { requestJson } from './requestJson'

export type DocumentStatus = DocumentRecord['status']
/** What the API sniffed the file to be (the core's kinds). */
export type DocumentType = FileKind
/** `ocr`: a completed document's scanned pages being read (`progress.pages_done` of `pages_total`). */
export type ProcessingStage = 'queued' | 'parsing' | 'chunking' | 'embedding' | 'indexing' | 'ocr'
/** A parser's reason, or the host's: an unexpected failure, or its storage full (disk, browser quota). */
export type DocumentErrorCode = ParseErrorCode | 'internal' | 'storage_full'

export interface DocumentMetadata {
  pages?: number
  word_count?: number
  title?: string
  language?: string
  embedder?: string
  processing_time_seconds?: number
  /** Why processing failed, in words meant for the person. */
  error?: string
  error_code?: DocumentErrorCode
  /** Why scanned pages were left unread after the rest of the document was searchable. */
  ocr_error?: string
}

/**
 * A document as the API returns it. The store's record types `metadata` and `progress` loosely (they are
 * JSON it does not interpret); the UI reads named fields, so it narrows them here, in one place.
 */
export interface QuireDocument extends Omit<DocumentRecord, 'document_type' | 'metadata' | 'progress'> {
  document_type: DocumentType
  metadata: DocumentMetadata
  progress: { stage: ProcessingStage; percent: number; pages_done?: number; pages_total?: number } | null
}

const BASE = '/api/documents/'

/** Newest first. */
export function listDocuments(collectionId: string, signal?: AbortSignal): Promise<QuireDocument[]> {
  return requestJson<QuireDocument[]>(`${BASE}?collection_id=${encodeURIComponent(collectionId)}`, { signal })
}

export function getDocument(id: string, signal?: AbortSignal): Promise<QuireDocument> {
  return requestJson<QuireDocument>(BASE + encodeURIComponent(id), { signal })
}

/** What an upload does when its content is already in the collection (the API's `on_duplicate`). */
export type OnDuplicate = 'keep' | 'skip' | 'replace'

/** An upload's answer: with `duplicate` when the content was already there and it was skipped or replaced. */
export interface UploadedDocument extends QuireDocument {
  duplicate?: { action: 'skipped' | 'replaced'; existing_document_id: string; existing_filename: string }
}

/**
 * Resolves once the file is stored (status `processing`); processing goes on in the background. With
 * `onDuplicate` `skip`, content already in the collection makes nothing and the answer is the document there.
 */
export function uploadDocument(
  file: File,
  collectionId: string,
  options: { password?: string; onDuplicate?: OnDuplicate } = {},
): Promise<UploadedDocument> {
  const form = new FormData()
  form.append('file', file, file.name)
  form.append('collection_id', collectionId)
  if (options.password) form.append('password', options.password)
  if (options.onDuplicate) form.append('on_duplicate', options.onDuplicate)
  return requestJson<UploadedDocument>(BASE, { method: 'POST', body: form })
}

/** Runs processing again, e.g. with the password an encrypted PDF asked for. */
export function processDocument(id: string, password?: string): Promise<QuireDocument> {
  const body = password === undefined ? {} : { password }
  return requestJson<QuireDocument>(`${BASE}${encodeURIComponent(id)}/process`, { method: 'POST', body })
}

/** Renames what people see (and citations say); the file and its passages stay as they are. */
export function renameDocument(id: string, name: string): Promise<QuireDocument> {
  return requestJson<QuireDocument>(BASE + encodeURIComponent(id), {
    method: 'PATCH',
    body: { original_filename: name },
  })
}

/** The original file's address (`Content-Disposition: attachment`, named as the document now is). */
export function documentFileUrl(id: string): string {
  return `${BASE}${encodeURIComponent(id)}/file`
}

/**
 * The original file's bytes. Fetched, not followed as a link: the in-browser API answers fetches, while
 * a navigation would go past it to the static host.
 */
export async function fetchDocumentFile(id: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(documentFileUrl(id), { signal })
  if (!response.ok) throw new Error(`The file could not be loaded (${response.status}).`)
  return response.blob()
}

export function deleteDocument(id: string): Promise<void> {
  return requestJson<void>(BASE + encodeURIComponent(id), { method: 'DELETE' })
}
