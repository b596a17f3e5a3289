import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { defineRoute, type Route } from '../Route'
import { errorSchema } from '../errorSchema'
import { deleteUnusedFiles } from '../../documents/deleteUnusedFiles'
import { fileKey } from '../../documents/processDocument'
import type { Store } from '../../store/Store'
import { folderStatus } from '../../folders/folderStatus'
import { toTimestamp } from '../../kernel/time/Clock'
import {
  collectionIdParams,
  collectionSchema,
  createCollectionBody,
  updateCollectionBody,
} from './collectionSchemas'
import { orNotFound } from '../orNotFound'

const NOT_FOUND = 'Collection not found'
const tags = ['Collections']
const notFound = { description: NOT_FOUND, schema: errorSchema }
const invalid = { description: 'Invalid request data; `detail` names the field', schema: errorSchema }

/** What creating, reading and renaming a collection touches: its own records, the clock and new ids. */
type CollectionPorts = Pick<ApiPorts, 'clock' | 'newId'> & { store: Pick<Store, 'collections'> }

/** Reading one collection also reads the folder it follows, its files' documents and the check under way. */
type CollectionReadPorts = Pick<ApiPorts, 'folders'> & {
  store: Pick<Store, 'collections' | 'documents' | 'records'>
}

/** Deleting a collection also stops its documents' processing and deletes their files no one else uses. */
type CollectionDeletePorts = Pick<ApiPorts, 'files' | 'documents'> & {
  store: Pick<Store, 'collections' | 'documents'>
}

export const collectionRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: '/api/collections/',
    operationId: 'createCollection',
    summary: 'Create a collection',
    tags,
    body: createCollectionBody,
    responses: { 201: { description: 'The new collection', schema: collectionSchema }, 400: invalid },
    async handler({ body }, { store, clock, newId }: CollectionPorts) {
      const now = toTimestamp(clock.now())
      const collection = await store.collections.createCollection({
        id: newId(),
        name: body.name,
        description: body.description,
        color: body.color ?? null,
        created_at: now,
        updated_at: now,
      })
      return { status: 201, body: collection }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/collections/',
    operationId: 'listCollections',
    summary: 'List collections, newest first',
    tags,
    responses: { 200: { description: 'All collections', schema: z.array(collectionSchema) } },
    async handler(_input, { store }: CollectionPorts) {
      return { status: 200, body: await store.collections.listCollections() }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/collections/:collection_id',
    operationId: 'getCollection',
    summary: 'Get a collection',
    tags,
    params: collectionIdParams,
    notFoundDetail: NOT_FOUND,
    responses: {
      200: { description: 'The collection, with the folder it follows', schema: collectionSchema },
      404: notFound,
    },
    async handler({ params }, ports: CollectionReadPorts) {
      const collection = orNotFound(
        await ports.store.collections.getCollection(params.collection_id),
        NOT_FOUND,
      )
      // Only where it follows one: GET one answers otherwise exactly what create and list answer.
      const folder = await folderStatus(ports, collection.id, ports.folders?.scans)
      return { status: 200, body: folder ? { ...collection, folder } : collection }
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/collections/:collection_id',
    operationId: 'updateCollection',
    summary: 'Update a collection',
    description:
      'Every field is optional; fields left out keep their value. `color: null` removes the colour.',
    tags,
    params: collectionIdParams,
    notFoundDetail: NOT_FOUND,
    body: updateCollectionBody,
    responses: {
      200: { description: 'The updated collection', schema: collectionSchema },
      400: invalid,
      404: notFound,
    },
    async handler({ params, body }, { store, clock }: CollectionPorts) {
      const updated = await store.collections.updateCollection(params.collection_id, {
        ...body,
        updated_at: toTimestamp(clock.now()),
      })
      return { status: 200, body: orNotFound(updated, NOT_FOUND) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/collections/:collection_id',
    operationId: 'deleteCollection',
    summary: 'Delete a collection with its documents, chunks, vectors and files',
    tags,
    params: collectionIdParams,
    notFoundDetail: NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: notFound },
    async handler({ params }, { store, files, documents }: CollectionDeletePorts) {
      const contained = await store.documents.listDocuments({ collectionId: params.collection_id })
      for (const document of contained) documents.cancel(document.id)
      if (!(await store.collections.deleteCollection(params.collection_id)))
        throw ApiError.notFound(NOT_FOUND)
      await deleteUnusedFiles(contained.map(fileKey), store, files)
      return { status: 204 }
    },
  }),
]
