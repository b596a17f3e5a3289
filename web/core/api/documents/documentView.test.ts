import { describe, expect, it } from 'vitest'
import type { DocumentRecord } from '../../store/DocumentRecord'
import { documentView, UNKNOWN_FAILURE } from './documentView'

const stored: DocumentRecord = {
  id: '3f0c9c1e-5b7a-4d2e-9f43-1a2b3c4d5e6f',
  filename: 'doc_3f0c9c1e.pdf',
  original_filename: 'scan.pdf',
  file_path: 'files/abc',
  file_size: 20,
  document_type: 'png',
  collection_id: '4f0c9c1e-5b7a-4d2e-9f43-1a2b3c4d5e6f',
  status: 'failed',
  created_at: '2026-01-01T00:00:00.000Z',
  processed_at: '2026-01-01T00:00:01.000Z',
  metadata: { error: 'This file is a PNG image, not a PDF.', error_code: 'not_supported' },
  chunk_count: 0,
  progress: null,
}

describe('documentView', () => {
  it('gives a failed document its stored reason as error_message', () => {
    expect(documentView(stored).error_message).toBe('This file is a PNG image, not a PDF.')
    expect(documentView(stored).metadata).toEqual(stored.metadata)
  })

  it('says a failed document with no recorded reason failed all the same', () => {
    expect(documentView({ ...stored, metadata: {} }).error_message).toBe(UNKNOWN_FAILURE)
    expect(documentView({ ...stored, metadata: { error: 42 } }).error_message).toBe(UNKNOWN_FAILURE)
  })

  it('answers null for a document that did not fail, whatever its metadata holds', () => {
    expect(documentView({ ...stored, status: 'processing' }).error_message).toBeNull()
    expect(documentView({ ...stored, status: 'completed', metadata: {} }).error_message).toBeNull()
  })
})
