import type { DocumentRecord } from '../../store/DocumentRecord'

/** A document as the API answers it: the stored record and the reason it failed, if it did. */
export type DocumentView = DocumentRecord & { error_message: string | null }

/** Said of a failed document whose processing recorded no reason (none should; older ones might). */
export const UNKNOWN_FAILURE = 'Processing failed; no reason was recorded. Process the document again.'

/**
 * `error_message` is derived when a document is read, never stored: processing writes its reason to
 * `metadata.error` (as it always has), so documents that failed before this field existed carry it
 * too, and a document processed again loses it with its metadata. Scripts written for BrainDrive's
 * service read the reason there rather than in `metadata`.
 */
export function documentView(document: DocumentRecord): DocumentView {
  if (document.status !== 'failed') return { ...document, error_message: null }
  const reason = document.metadata.error
  return {
    ...document,
    error_message: typeof reason === 'string' && reason.trim() !== '' ? reason : UNKNOWN_FAILURE,
  }
}
