import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorResponse as error } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import type { Store } from '../../store/Store'
import { fileKey } from '../../documents/processDocument'
import { deleteUnusedFiles } from '../../documents/deleteUnusedFiles'
import { SUPPORTED_EXTENSIONS, fileExtension } from '../../ingest/parse/sniffFileKind'
import { claimedKind, createStoredDocument } from '../../documents/storeNewDocument'
import { putNewFile } from '../../documents/putNewFile'
import { documentWithContent } from '../../documents/documentWithContent'
import { withdrawDocument } from '../../documents/withdrawDocument'
import { DEFAULT_INGEST_LIMITS } from '../../ingest/IngestLimits'
import {
  documentIdParams,
  documentSchema,
  scheduledDocumentSchema,
  listDocumentsQuery,
  processDocumentBody,
  renameDocumentBody,
  uploadDocumentFields,
  uploadedDocumentSchema,
} from './documentSchemas'
import { documentView } from './documentView'
import { folderFileState, folderPathsByDocument } from '../../folders/folderFileState'
import type { DocumentRecord } from '../../store/DocumentRecord'
import { orNotFound } from '../orNotFound'

const NOT_FOUND = 'Document not found'
const tags = ['Documents']

/**
 * An upload checks its collection and size, stores the bytes and a new document record, and queues it;
 * with `on_duplicate` it first looks among the collection's documents for the same content.
 */
type UploadPorts = Pick<
  ApiPorts,
  'limits' | 'files' | 'newId' | 'clock' | 'documents' | 'logError' | 'collectionLock'
> & {
  store: Pick<Store, 'collections' | 'documents'>
}

/** Reading, renaming and processing again: the document records, and the queue that processes them. */
type DocumentPorts = Pick<ApiPorts, 'documents'> & { store: Pick<Store, 'documents'> }

/**
 * Puts a document back in the queue (processing again, or an upload that replaces it, which may give it
 * a new name); its passages stay searchable until the new ones replace them. Undefined when it is gone.
 */
async function processAgain(
  { store, documents }: DocumentPorts,
  id: string,
  options: { password?: string | undefined; original_filename?: string },
) {
  const document = await store.documents.updateDocument(id, {
    ...(options.original_filename === undefined ? {} : { original_filename: options.original_filename }),
    status: 'processing',
    processed_at: null,
    metadata: {},
    progress: { stage: 'queued', percent: 0 },
  })
  if (!document) return undefined
  const scheduled = await documents.enqueue(document.id, { password: options.password })
  return { ...documentView(document), ...scheduled }
}

/** Reading also says which followed folder's file a document was made from (the folders' records). */
type DocumentReadPorts = { store: Pick<Store, 'documents' | 'records'> }

/** A document as read, with the state of the followed file it was made from (`paths`: by document id). */
function documentRead(document: DocumentRecord, paths: Map<string, string>) {
  const path = paths.get(document.id)
  const view = documentView(document)
  return path === undefined ? view : { ...view, folder_file: folderFileState(path, document) }
}

/** A delete also stops the document's processing and deletes its file when no other document shares it. */
type DocumentDeletePorts = Pick<ApiPorts, 'files' | 'documents'> & { store: Pick<Store, 'documents'> }

export const documentRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: '/api/documents/',
    operationId: 'uploadDocument',
    summary: 'Upload a document into a collection',
    description: `Answers at once with status \`processing\`; parsing, chunking and embedding continue in the background (poll the document, or watch \`progress\`). Supported: ${SUPPORTED_EXTENSIONS.join(', ')}. The content decides the parser (a DOCX named .doc is read as DOCX; a PNG named .pdf ends \`failed\`). Empty files answer 400, files over the upload limit (MAX_UPLOAD_MB, default 100) 413, an unknown collection 404. A document that expands to more text or passages than one document may have (on the server MAX_DOCUMENT_CHARS and MAX_DOCUMENT_CHUNKS, default ${DEFAULT_INGEST_LIMITS.maxChars} characters and ${DEFAULT_INGEST_LIMITS.maxChunks} chunks; the same defaults in the browser) ends \`failed\` with \`error_code\` \`too_large\`, found while it is read, and nothing of it is stored; whatever its size, storing and indexing it does not hold up other requests. The same content twice: \`on_duplicate\` (a form field) decides, \`keep\` by default so that existing clients get a new document as before.`,
    tags,
    bodyType: 'multipart',
    body: uploadDocumentFields,
    files: [{ name: 'file', description: 'The document' }],
    responses: {
      200: {
        description:
          'The content was already in the collection and `on_duplicate` was `skip` or `replace`: the document already there (`duplicate` says what was done)',
        schema: uploadedDocumentSchema,
      },
      201: { description: 'The document, status processing', schema: uploadedDocumentSchema },
      400: error(
        'No file, an empty file, an unsupported type, or an `on_duplicate` other than keep, skip, replace',
      ),
      404: error('Collection not found'),
      413: error('The file is larger than the upload limit'),
      507: error('The host’s storage is full (a full disk, the browser’s quota): nothing was stored'),
    },
    async handler({ body, files }, ports: UploadPorts) {
      const file = files.file?.[0]
      if (!file) throw ApiError.badRequest('file: field required (multipart field "file")')
      if (file.size > ports.limits.maxUploadBytes) {
        throw new ApiError(
          413,
          `The file is larger than the upload limit of ${Math.round(ports.limits.maxUploadBytes / 1048576)} MB`,
        )
      }
      if (file.size === 0) throw ApiError.badRequest('file: the file is empty')
      if (!claimedKind(file.filename)) {
        const extension = fileExtension(file.filename)
        throw ApiError.badRequest(
          `file: unsupported file type "${extension || file.filename}"; supported types are ${SUPPORTED_EXTENSIONS.join(', ')}`,
        )
      }
      const collectionId = body.collection_id
      if (
        !z.uuid().safeParse(collectionId).success ||
        !(await ports.store.collections.getCollection(collectionId))
      ) {
        throw ApiError.notFound('Collection not found')
      }
      // The file itself, not its bytes: a host that holds it on disk stores it from there (putNewFile).
      // Stored before the duplicate is looked for, since its key is the content's hash; a duplicate's
      // key is already in use by the document it repeats, so nothing is left behind when none is made.
      const stored = await putNewFile(ports.files, file, file.filename)
      // The look and the new document are one step (`collectionLock`): two uploads of the same content
      // at the same instant otherwise both found none and both made one, `skip` or not.
      const found = await ports.collectionLock(collectionId, async () => {
        const existing =
          body.on_duplicate === 'keep'
            ? undefined
            : documentWithContent(await ports.store.documents.listDocuments({ collectionId }), stored.key)
        if (existing) return { existing }
        const id = ports.newId()
        const created = await createStoredDocument(ports, {
          id,
          stored,
          filename: file.filename,
          collectionId,
        })
        return { created }
      })
      if (found.existing) {
        const { existing } = found
        const duplicate = {
          existing_document_id: existing.id,
          existing_filename: existing.original_filename,
        }
        if (body.on_duplicate === 'skip') {
          return {
            status: 200,
            body: { ...documentView(existing), duplicate: { action: 'skipped', ...duplicate } },
          }
        }
        const replaced = await processAgain(ports, existing.id, {
          original_filename: file.filename,
          password: body.password,
        })
        if (replaced)
          return { status: 200, body: { ...replaced, duplicate: { action: 'replaced', ...duplicate } } }
      }
      // Deleted meanwhile (a replace): the upload makes a document as if there had been none.
      const document =
        found.created ??
        (await createStoredDocument(ports, {
          id: ports.newId(),
          stored,
          filename: file.filename,
          collectionId,
        }))
      let scheduled: Awaited<ReturnType<typeof ports.documents.enqueue>>
      try {
        scheduled = await ports.documents.enqueue(document.id, { password: body.password })
      } catch (error) {
        // Stored but not queued, and answered as an error: the document does not stay.
        await withdrawDocument(ports.store, document.id, ports.logError)
        throw error
      }
      return { status: 201, body: { ...documentView(document), ...scheduled } }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/documents/',
    operationId: 'listDocuments',
    summary: 'List documents, newest first',
    tags,
    query: listDocumentsQuery,
    responses: {
      200: { description: 'Documents', schema: z.array(documentSchema) },
      400: error('Invalid query'),
    },
    async handler({ query }, ports: DocumentReadPorts) {
      const documents = await ports.store.documents.listDocuments({ collectionId: query.collection_id })
      const paths = await folderPathsByDocument(ports, query.collection_id)
      return { status: 200, body: documents.map((document) => documentRead(document, paths)) }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/documents/:document_id',
    operationId: 'getDocument',
    summary: 'Get a document with its status and progress',
    tags,
    params: documentIdParams,
    notFoundDetail: NOT_FOUND,
    responses: { 200: { description: 'The document', schema: documentSchema }, 404: error(NOT_FOUND) },
    async handler({ params }, ports: DocumentReadPorts) {
      const document = await ports.store.documents.getDocument(params.document_id)
      if (!document) throw ApiError.notFound(NOT_FOUND)
      const paths = await folderPathsByDocument(ports, document.collection_id)
      return { status: 200, body: documentRead(document, paths) }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/documents/:document_id/process',
    operationId: 'processDocument',
    summary: 'Process a document again (e.g. with the password of an encrypted PDF)',
    tags,
    params: documentIdParams,
    notFoundDetail: NOT_FOUND,
    body: processDocumentBody,
    responses: {
      202: { description: 'Processing started', schema: scheduledDocumentSchema },
      400: error('Invalid body'),
      404: error(NOT_FOUND),
    },
    async handler({ params, body }, ports: DocumentPorts) {
      const scheduled = await processAgain(ports, params.document_id, { password: body.password })
      return { status: 202, body: orNotFound(scheduled, NOT_FOUND) }
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/documents/:document_id',
    operationId: 'renameDocument',
    summary: 'Rename a document',
    description:
      'Quire’s addition (the document API has no update): sets `original_filename`, the name people see and citations give. The stored file, the kind (read from the content at upload), the passages and their vectors stay as they are. A name that is empty, longer than 255 characters, or holds a slash or a control character answers 400.',
    tags,
    params: documentIdParams,
    notFoundDetail: NOT_FOUND,
    body: renameDocumentBody,
    responses: {
      200: { description: 'The renamed document', schema: documentSchema },
      400: error('Invalid body'),
      404: error(NOT_FOUND),
    },
    async handler({ params, body }, { store }: DocumentPorts) {
      const document = await store.documents.updateDocument(params.document_id, {
        original_filename: body.original_filename,
      })
      return { status: 200, body: documentView(orNotFound(document, NOT_FOUND)) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/documents/:document_id',
    operationId: 'deleteDocument',
    summary: 'Delete a document with its chunks, vectors and stored file',
    tags,
    params: documentIdParams,
    notFoundDetail: NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: error(NOT_FOUND) },
    async handler({ params }, { store, files, documents }: DocumentDeletePorts) {
      const document = await store.documents.getDocument(params.document_id)
      if (!document) throw ApiError.notFound(NOT_FOUND)
      documents.cancel(document.id)
      await store.documents.deleteDocument(document.id)
      await deleteUnusedFiles([fileKey(document)], store, files)
      return { status: 204 }
    },
  }),
]
