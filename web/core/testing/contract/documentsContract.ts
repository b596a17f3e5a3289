import type { Collection } from '../../store/Collection'
import type { DocumentView as DocumentRecord } from '../../api/documents/documentView'
import { check, checkEqual, checkMatch, checkNewRecord, TIMESTAMP_MS_Z } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import {
  addDocument,
  expectStatus,
  form,
  newCollection,
  settled,
  UNKNOWN_ID,
  upload,
} from './contractFixtures'
import { responseJson } from './responseJson'

const MARKDOWN = `# Field notes

## Tides

The spring tide at the northern jetty reached 4.2 metres on the third morning, flooding the lower path.

## Birds

A pair of oystercatchers nested above the high-water line and raised two chicks before August.
`
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1,
])

/** A new collection holding the notes, uploaded as a plain file and processed. */
async function collectionWithNotes(client: ContractClient) {
  const collection = await newCollection(client)
  const created = await addDocument(client, collection.id, 'notes.md', MARKDOWN, 'application/octet-stream')
  return { collection, created }
}

export const documentsContract: HostCase<ContractClient>[] = [
  {
    name: 'POST /api/documents/ accepts a file, answers processing, and processing completes',
    async run(client) {
      const collection = await newCollection(client)
      const response = await upload(client, form(collection.id, 'field notes.md', MARKDOWN, 'text/markdown'))
      checkEqual(response.status, 201, `status (body ${response.text.slice(0, 300)})`)
      const created = responseJson<DocumentRecord>(response)
      checkNewRecord(created)
      checkEqual(created.status, 'processing', 'status at upload')
      checkEqual(created.processed_at, null, 'processed_at at upload')
      checkEqual(created.chunk_count, 0, 'chunk_count at upload')
      checkEqual(created.original_filename, 'field notes.md', 'original_filename')
      checkMatch(created.filename, /^doc_[0-9a-f]{8}\.md$/, 'generated filename')
      checkEqual(created.file_size, new TextEncoder().encode(MARKDOWN).length, 'file_size')
      checkEqual(created.document_type, 'markdown', 'document_type')
      checkEqual(created.collection_id, collection.id, 'collection_id')
      checkEqual(created.error_message, null, 'error_message of a document that has not failed')

      const done = await settled(client, created.id)
      checkEqual(done.status, 'completed', `final status (metadata ${JSON.stringify(done.metadata)})`)
      check(done.chunk_count > 0, 'chunk_count after processing')
      checkMatch(done.processed_at, TIMESTAMP_MS_Z, 'processed_at')
      checkEqual(done.progress, null, 'progress after processing')
      checkEqual(done.metadata.title, 'Field notes', 'metadata.title')
      checkEqual(done.metadata.embedder, 'hash-v1', 'metadata.embedder')
      checkEqual(done.metadata.language, 'en', 'metadata.language')
      check(
        typeof done.metadata.word_count === 'number' && done.metadata.word_count > 20,
        'metadata.word_count',
      )
      check(typeof done.metadata.processing_time_seconds === 'number', 'metadata.processing_time_seconds')

      // A search makes the document's profile (its opening, which the store keeps beside it): none of
      // that is the document's, so it answers as before.
      const searched = await client({
        method: 'POST',
        path: '/api/search_u/',
        json: { query: 'spring tide at the northern jetty', collection_id: collection.id, top_k: 3 },
      })
      checkEqual(searched.status, 200, 'search status')
      const listed = responseJson<DocumentRecord[]>(
        await client({ method: 'GET', path: `/api/documents/?collection_id=${collection.id}` }),
      )
      checkEqual(
        listed.map((d) => d.id),
        [created.id],
        'documents of the collection',
      )
      checkEqual(listed[0], done, 'the document listed after a search, as got before it')
      checkEqual(
        Object.keys(done).filter((key) => /opening/i.test(key)),
        [],
        'fields of the stored opening in the document',
      )
      checkEqual(
        responseJson<DocumentRecord>(await client({ method: 'GET', path: `/api/documents/${created.id}` })),
        done,
        'the document after a search',
      )
      const after = responseJson<Collection>(
        await client({ method: 'GET', path: `/api/collections/${collection.id}` }),
      )
      checkEqual(
        [after.document_count, after.processed_count],
        [1, 1],
        'document_count and processed_count once completed',
      )
    },
  },
  {
    name: 'POST /api/documents/ refuses missing, empty, unsupported and misdirected uploads',
    async run(client) {
      const collection = await newCollection(client)
      await expectStatus(
        await upload(client, { fields: { collection_id: collection.id }, files: [] }),
        400,
        'file',
      )
      await expectStatus(await upload(client, form(collection.id, 'empty.md', '')), 400, 'empty')
      await expectStatus(await upload(client, form(collection.id, 'tool.exe', 'MZ binary')), 400, '.pdf')
      await expectStatus(await upload(client, form(UNKNOWN_ID, 'notes.md', MARKDOWN)), 404)
      await expectStatus(await upload(client, form('not-a-uuid', 'notes.md', MARKDOWN)), 404)
      await expectStatus(
        await upload(client, { fields: {}, files: form(collection.id, 'a.md', 'x').files }),
        400,
        'collection_id',
      )
      await expectStatus(
        await client({ method: 'POST', path: '/api/documents/', json: { file: 'x' } }),
        400,
        'multipart',
      )
      const listed = responseJson<DocumentRecord[]>(
        await client({ method: 'GET', path: `/api/documents/?collection_id=${collection.id}` }),
      )
      checkEqual(listed, [], 'nothing stored by refused uploads')
    },
  },
  {
    name: 'a file whose content is not what its name says ends failed with a reason',
    async run(client) {
      const collection = await newCollection(client)
      const created = responseJson<DocumentRecord>(
        await upload(client, form(collection.id, 'scan.pdf', PNG, 'application/pdf')),
      )
      const done = await settled(client, created.id)
      checkEqual(done.status, 'failed', 'status')
      check(
        typeof done.metadata.error === 'string' && done.metadata.error.length > 10,
        'metadata.error explains',
      )
      checkEqual(done.error_message, done.metadata.error, 'error_message carries the reason too')
      const after = responseJson<Collection>(
        await client({ method: 'GET', path: `/api/collections/${collection.id}` }),
      )
      // The failed document is the collection's all the same: listed, and counted (not as processed).
      checkEqual(
        [after.document_count, after.processed_count],
        [1, 0],
        'document_count counts a failed document; processed_count does not',
      )
      checkEqual(done.chunk_count, 0, 'no chunks')
    },
  },
  {
    name: 'GET, DELETE and reprocess of documents; unknown and malformed ids answer 404',
    async run(client) {
      const { collection, created } = await collectionWithNotes(client)
      const again = await client({ method: 'POST', path: `/api/documents/${created.id}/process`, json: {} })
      checkEqual(again.status, 202, 'reprocess status')
      checkEqual((await settled(client, created.id)).status, 'completed', 'reprocessed')
      for (const path of [`/api/documents/${UNKNOWN_ID}`, '/api/documents/nope']) {
        await expectStatus(await client({ method: 'GET', path }), 404)
        await expectStatus(await client({ method: 'DELETE', path }), 404)
      }
      await expectStatus(
        await client({ method: 'GET', path: '/api/documents/?collection_id=nope' }),
        400,
        'collection_id',
      )
      const deleted = await client({ method: 'DELETE', path: `/api/documents/${created.id}` })
      checkEqual(deleted.status, 204, 'delete status')
      checkEqual(deleted.text, '', 'delete body')
      await expectStatus(await client({ method: 'GET', path: `/api/documents/${created.id}` }), 404)
      const after = responseJson<Collection>(
        await client({ method: 'GET', path: `/api/collections/${collection.id}` }),
      )
      checkEqual(after.document_count, 0, 'document_count after delete')
    },
  },
  {
    name: 'deleting a collection deletes its documents',
    async run(client) {
      const { collection, created } = await collectionWithNotes(client)
      checkEqual(
        (await client({ method: 'DELETE', path: `/api/collections/${collection.id}` })).status,
        204,
        'delete',
      )
      await expectStatus(await client({ method: 'GET', path: `/api/documents/${created.id}` }), 404)
    },
  },
  {
    name: 'GET /api/documents/{id}/file gives back the uploaded bytes, as an attachment; unknown ids 404',
    async run(client) {
      const collection = await newCollection(client)
      const created = responseJson<DocumentRecord>(
        await upload(client, form(collection.id, 'field notes.md', MARKDOWN, 'text/markdown')),
      )
      const file = await client({ method: 'GET', path: `/api/documents/${created.id}/file` })
      checkEqual(file.status, 200, 'status')
      checkEqual(file.text, MARKDOWN, 'the bytes as uploaded')
      check(
        file.headers['content-type']?.startsWith('text/markdown'),
        `content-type ${file.headers['content-type']}`,
      )
      check(
        file.headers['content-disposition']?.startsWith('attachment'),
        'an attachment, never run in place',
      )
      checkEqual(file.headers['x-content-type-options'], 'nosniff', 'nosniff')
      expectStatus(await client({ method: 'GET', path: `/api/documents/${UNKNOWN_ID}/file` }), 404)
      expectStatus(await client({ method: 'GET', path: '/api/documents/not-a-uuid/file' }), 404)
    },
  },
]
