import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorResponse as error } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { collectionIdParams } from '../collections/collectionSchemas'
import { followFolder, unfollowFolder } from '../../folders/followFolder'
import { folderStatus, folderStatusSchema } from '../../folders/folderStatus'
import { followedFolderKind } from '../../folders/followedFolderKind'
import { requireCollection } from '../collections/requireCollection'
import { orNotFound } from '../orNotFound'

const tags = ['Folders']
const NOT_FOLLOWING = 'The collection follows no folder'

/** The collections and their records, the clock of new records, and the host's folders. */
type FolderRoutePorts = Pick<ApiPorts, 'store' | 'clock' | 'folders'>

const followBody = z.object({
  path: z
    .string()
    .min(1)
    .max(4096)
    .describe('The folder, an absolute path on the server inside one of its FOLDER_ROOTS'),
})

const scanResultSchema = z.object({
  missing: z.boolean(),
  added: z.number(),
  updated: z.number(),
  renamed: z.number(),
  removed: z.number(),
  skipped: z.number(),
  retry: z.number(),
  unchanged: z.number(),
  adopted: z
    .number()
    .describe(
      'New files whose document another device following the same folder had already made (via sync)',
    ),
})

function foldersOf(ports: FolderRoutePorts): NonNullable<ApiPorts['folders']> {
  if (!ports.folders) {
    throw new ApiError(503, 'This host follows no folders by path (in the app, use "Follow a folder")')
  }
  return ports.folders
}

async function followedPath(ports: Pick<ApiPorts, 'store'>, collectionId: string): Promise<string> {
  const record = await followedFolderKind.find(ports, collectionId)
  const path = record?.data.path
  if (typeof path !== 'string') throw ApiError.notFound(NOT_FOLLOWING)
  return path
}

/** A collection that follows a folder on the server (DESIGN.md section 14). */
export const folderRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/folders/roots',
    operationId: 'listFolderRoots',
    summary: 'The folders inside which the person may follow one by its path',
    description:
      'On the sync server: the operator’s FOLDER_ROOTS as they apply to the caller (`{user}` replaced by their id, `{username}` and `{email}` by their username and email as one folder name each: lowercased, characters other than letters, digits, `_ @ + -` and a `.` past the first escaped as `%` and UTF-8 hex), which `PUT /api/collections/{id}/folder` accepts a folder inside. Empty where none are set, and in the browser, where a folder is picked instead.',
    tags,
    responses: {
      200: {
        description: 'The roots',
        schema: z.object({ roots: z.array(z.string()) }),
      },
    },
    async handler(_input, ports: Pick<ApiPorts, 'folders'>) {
      return { status: 200, body: { roots: [...((await ports.folders?.host.roots()) ?? [])] } }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/collections/:collection_id/folder',
    operationId: 'getCollectionFolder',
    summary: 'The folder a collection follows: when it was last checked, each file’s state',
    tags,
    params: collectionIdParams,
    notFoundDetail: 'Collection not found',
    responses: {
      200: { description: 'The followed folder', schema: folderStatusSchema },
      404: error('Collection not found, or it follows no folder'),
    },
    async handler({ params }, ports: FolderRoutePorts) {
      await requireCollection(ports, params.collection_id)
      const status = await folderStatus(ports, params.collection_id, ports.folders?.scans)
      return { status: 200, body: orNotFound(status, NOT_FOLLOWING) }
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/collections/:collection_id/folder',
    operationId: 'followFolder',
    summary: 'Follow a folder on the server, and check it at once',
    description:
      'The collection follows the folder: its files, subfolders included, become documents; the server checks it again when it changes, on a timer, and on `POST .../folder/check`. Files added, changed, renamed and removed in the folder are added, processed again (their new passages replace the old at once), kept (same document) and removed. A new file whose content is already a document of the collection (a copy in the folder, or a file uploaded by hand) is not added: it is listed in `skipped` with that document’s name, and added once that document is gone. The folder must lie inside one of the roots the operator set in FOLDER_ROOTS (a `{user}`, `{username}` or `{email}` root is the person’s own): a path with `..` or that is not absolute answers 400, one outside the person’s roots or leading out of them through a symbolic link 403, one that does not exist 404; with no FOLDER_ROOTS every path answers 403. Following another folder starts afresh (the documents already added stay).',
    tags,
    params: collectionIdParams,
    notFoundDetail: 'Collection not found',
    body: followBody,
    responses: {
      200: { description: 'Followed and checked', schema: folderStatusSchema },
      400: error('Invalid path'),
      403: error('The path is outside the folders this server lets the person follow'),
      404: error('Collection or folder not found'),
      503: error('This host follows no folders by path'),
    },
    async handler({ params, body }, ports: FolderRoutePorts) {
      await requireCollection(ports, params.collection_id)
      const folders = foldersOf(ports)
      const folder = await folders.host.open(body.path)
      await followFolder(ports, params.collection_id, body.path, { path: body.path })
      await folders.scans.scan(params.collection_id, folder)
      return { status: 200, body: (await folderStatus(ports, params.collection_id, folders.scans))! }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/collections/:collection_id/folder/check',
    operationId: 'checkFolder',
    summary: 'Check the followed folder now',
    description:
      'Compares the folder with the collection (size and modified time, then the content of files where those changed) and applies the changes; answers once they are applied (new documents are then processed in the background). A folder that is missing changes nothing and reads `state: missing`.',
    tags,
    params: collectionIdParams,
    notFoundDetail: 'Collection not found',
    responses: {
      200: {
        description: 'What the check changed, and the folder now',
        schema: z.object({ changes: scanResultSchema, folder: folderStatusSchema }),
      },
      404: error('Collection not found, or it follows no folder'),
      503: error('This host follows no folders by path'),
    },
    async handler({ params }, ports: FolderRoutePorts) {
      await requireCollection(ports, params.collection_id)
      const folders = foldersOf(ports)
      const path = await followedPath(ports, params.collection_id)
      const changes = await folders.scans.scan(params.collection_id, folders.host.reopen(path))
      return {
        status: 200,
        body: { changes, folder: (await folderStatus(ports, params.collection_id, folders.scans))! },
      }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/collections/:collection_id/folder',
    operationId: 'unfollowFolder',
    summary: 'Stop following the folder (its documents stay)',
    tags,
    params: collectionIdParams,
    notFoundDetail: 'Collection not found',
    responses: {
      204: { description: 'No longer followed' },
      404: error('Collection not found, or it follows no folder'),
    },
    async handler({ params }, ports: FolderRoutePorts) {
      await requireCollection(ports, params.collection_id)
      await followedPath(ports, params.collection_id)
      await unfollowFolder(ports, params.collection_id)
      return { status: 204 }
    },
  }),
]
