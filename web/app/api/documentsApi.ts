import type { FileKind } from '../../core/ingest/DocumentModel'
import type { ParseErrorCode } from '../../core/ingest/ParseError'
import type { DocumentRecord } from '../../core/store/DocumentRecord'
import { requestJson } from './requestJson'

export type DocumentStatus = DocumentRecord['status']
/** What the API sniffed the file to be (the core's kinds). */
export type DocumentType = FileKind
export type ProcessingStage = 'queued' | 'parsing' | 'chunking' | 'embedding' | 'indexing'
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
}

/**
 * A document as the API returns it. The store's record types `metadata` and `progress` loosely (they are
 * JSON it does not interpret); the UI reads named fields, so it narrows them here, in one place.
 */
export interface QuireDocument extends Omit<DocumentRecord, 'document_type' | 'metadata' | 'progress'> {
  document_type: DocumentType
  metadata: DocumentMetadata
  progress: { stage: ProcessingStage; percent: number } | null
}

const BASE = '/api/documents/'

/** Newest first. */
export function listDocuments(collectionId: string, signal?: AbortSignal): Promise<QuireDocument[]> {
  return requestJson<QuireDocument[]>(`${BASE}?collection_id=${encodeURIComponent(collectionId)}`, { signal })
}

export function getDocument(id: string, signal?: AbortSignal): Promise<QuireDocument> {
  return requestJson<QuireDocument>(BASE + encodeURIComponent(id), { signal })
}

/** Resolves once the file is stored (status `processing`); processing goes on in the background. */
export function uploadDocument(file: File, collectionId: string, password?: string): Promise<QuireDocument> {
  const form = new FormData()
  form.append('file', file, file.name)
  form.append('collection_id', collectionId)
  if (password) form.append('password', password)
  return requestJson<QuireDocument>(BASE, { method: 'POST', body: form })
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
