import type { Collection } from '../../store/Collection'
import type { DocumentView as DocumentRecord } from '../../api/documents/documentView'
import { check, checkEqual } from '../check'
import type { ContractClient, ContractMultipart, ContractResponse } from './ContractClient'
import { responseJson } from './responseJson'
import { toBase64 } from './toBase64'

/** Well formed, and never the id of anything. */
export const UNKNOWN_ID = '3f0c9c1e-5b7a-4d2e-9f43-1a2b3c4d5e6f'

export async function newCollection(client: ContractClient, label = 'Contract'): Promise<Collection> {
  const response = await client({
    method: 'POST',
    path: '/api/collections/',
    json: { name: `${label} ${Date.now().toString(36)}`, description: `Made by the ${label} contract` },
  })
  checkEqual(response.status, 201, `create collection (body ${response.text.slice(0, 200)})`)
  return responseJson<Collection>(response)
}

export function form(
  collectionId: string,
  filename: string,
  content: Uint8Array | string,
  type = 'application/octet-stream',
): ContractMultipart {
  return {
    fields: { collection_id: collectionId },
    files: [{ field: 'file', filename, type, base64: toBase64(content) }],
  }
}

export async function upload(
  client: ContractClient,
  multipart: ContractMultipart,
): Promise<ContractResponse> {
  return client({ method: 'POST', path: '/api/documents/', multipart })
}

export async function getDocument(client: ContractClient, id: string): Promise<DocumentRecord> {
  return responseJson<DocumentRecord>(await client({ method: 'GET', path: `/api/documents/${id}` }))
}

/** Polls until processing ends (the spec's clients poll; 60 s is far beyond what these files need). */
export async function settled(client: ContractClient, id: string): Promise<DocumentRecord> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const document = await getDocument(client, id)
    if (document.status === 'completed' || document.status === 'failed') return document
    check(Date.now() < deadline, `document ${id} still ${document.status} after 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Uploads a Markdown document and waits until it is searchable. */
export function addMarkdown(
  client: ContractClient,
  collectionId: string,
  filename: string,
  markdown: string,
): Promise<DocumentRecord> {
  return addDocument(client, collectionId, filename, markdown, 'text/markdown')
}

/** Uploads a document of `type` and waits until it is processed (completed) and searchable. */
export async function addDocument(
  client: ContractClient,
  collectionId: string,
  filename: string,
  content: Uint8Array | string,
  type: string,
): Promise<DocumentRecord> {
  const response = await upload(client, form(collectionId, filename, content, type))
  checkEqual(response.status, 201, `upload ${filename} (body ${response.text.slice(0, 200)})`)
  const document = await settled(client, responseJson<DocumentRecord>(response).id)
  checkEqual(document.status, 'completed', `${filename} processed (${JSON.stringify(document.metadata)})`)
  return document
}

/** Asserts the status, and that a string `detail` contains `detailPart` when given. */
export function expectStatus(response: ContractResponse, status: number, detailPart?: string): void {
  checkEqual(response.status, status, `status (body ${response.text.slice(0, 200)})`)
  if (detailPart) {
    const detail = (JSON.parse(response.text) as { detail?: unknown }).detail
    check(
      typeof detail === 'string' && detail.includes(detailPart),
      `detail ${JSON.stringify(detail)} names ${detailPart}`,
    )
  }
}
