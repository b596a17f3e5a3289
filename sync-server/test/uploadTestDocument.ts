import { expect } from 'vitest'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'

/** Uploads `bytes` as the file `name` into a collection over HTTP; the document, created (201). */
export async function uploadTestDocument(
  baseUrl: string,
  collectionId: string,
  name: string,
  bytes: Uint8Array,
): Promise<DocumentRecord> {
  const form = new FormData()
  form.append('collection_id', collectionId)
  form.append('file', new Blob([bytes as BlobPart]), name)
  const response = await fetch(`${baseUrl}/api/documents/`, { method: 'POST', body: form })
  expect(response.status).toBe(201)
  return (await response.json()) as DocumentRecord
}
