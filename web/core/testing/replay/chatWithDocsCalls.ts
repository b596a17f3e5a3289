import { form } from '../contract/contractFixtures'
import type { ContractClient } from '../contract/ContractClient'
import { unique } from '../contract/recordContractFixtures'
import { check, expectFields, type FieldType, replay } from './replayCall'

// The calls of BrainDrive's Chat-With-Docs plugin that both of its replays make: at the spec's paths
// (`base` `/api`) and at the service's own (`base` '', as the plugin is built).

/** The note the replays upload and ask about. */
export const NOTE =
  '# Lighthouse keeping\n\nThe lighthouse lamp is trimmed at dusk. Keepers log the fog signal hourly.'

export interface DocsCollection {
  id: string
  name: string
  document_count: number
}

export interface DocsDocument {
  id: string
  status: string
  original_filename: string
}

/** The collection form's create (CollectionService.handleCreateCollection); `fields` beside the name. */
export async function createCollection(
  client: ContractClient,
  base: string,
  label: string,
  fields: Record<string, unknown>,
): Promise<DocsCollection> {
  const { body } = await replay<DocsCollection>(
    client,
    { method: 'POST', path: `${base}/collections/`, json: { name: unique(label), ...fields } },
    [200, 201],
  )
  return body
}

/**
 * The plugin's upload (DocumentService.uploadFile: multipart `file` and `collection_id`), then its
 * polling; `expect` names the fields the plugin reads of the uploaded and of each polled document.
 */
export async function uploadAndPoll(
  client: ContractClient,
  base: string,
  collectionId: string,
  expect?: { uploaded: Record<string, FieldType>; polled: Record<string, FieldType> },
): Promise<DocsDocument> {
  const uploaded = await replay<DocsDocument>(
    client,
    {
      method: 'POST',
      path: `${base}/documents/`,
      multipart: form(collectionId, 'lighthouse.md', NOTE, 'text/markdown'),
    },
    [200, 201],
  )
  if (expect) expectFields(uploaded.body, expect.uploaded, 'uploaded document')
  // documentPolling.ts polls every 2 s while the status is `processing` or `uploaded`.
  const deadline = Date.now() + 60_000
  for (;;) {
    const { body } = await replay<DocsDocument>(
      client,
      { method: 'GET', path: `${base}/documents/${uploaded.body.id}` },
      200,
    )
    if (expect) expectFields(body, expect.polled, 'polled document')
    if (body.status !== 'processing' && body.status !== 'uploaded') return body
    check(Date.now() < deadline, `document still ${body.status} after 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
