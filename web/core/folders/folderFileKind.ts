import { z } from 'zod'
import { defineRecordKind } from '../records/RecordKind'

export const folderFileFields = z.looseObject({
  path: z.string(),
  size: z.number(),
  modified: z.number(),
  /** SHA-256 of the content last read: the stored file's key, and how a renamed file is recognised. */
  hash: z.string(),
  document_id: z.string(),
})
export type FolderFile = z.infer<typeof folderFileFields>

/**
 * One followed file and its document (a record under the collection, id `<collection id>/<path>`):
 * what the next scan compares the folder with. Written before its document is created, so a scan cut
 * short by a restart finds the document again instead of adding a second one.
 */
export const folderFileKind = defineRecordKind({
  kind: 'folder_file',
  notFound: 'Not found',
  idParam: 'folder_file_id',
  idSchema: z.string(),
  sync: 'never',
  fields: folderFileFields,
})

export function folderFileId(collectionId: string, path: string): string {
  return `${collectionId}/${path}`
}
