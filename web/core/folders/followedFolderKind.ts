import { z } from 'zod'
import { defineRecordKind } from '../records/RecordKind'

/**
 * A skipped file and why (an unsupported type, an empty or unreadable file, one too big, or content already
 * in the collection: then `duplicate_of`, the document it repeats and the file as it was read, so that the
 * next check skips it again without reading it while neither changes).
 */
export const skippedFileSchema = z.object({
  path: z.string(),
  reason: z.string(),
  duplicate_of: z
    .object({ document_id: z.string(), size: z.number(), modified: z.number(), hash: z.string() })
    .optional(),
})
export type SkippedFile = z.infer<typeof skippedFileSchema>

export const followedFolderFields = z.looseObject({
  collection_id: z.string(),
  /** What people see: the folder's name (the browser) or its path below a root (the server). */
  folder: z.string(),
  /**
   * `missing`: the root was not there at the last check, and nothing was removed; `no_access`: it may not
   * be read until the person allows it again (the browser, after a restart).
   */
  state: z.enum(['ok', 'missing', 'no_access']),
  last_checked_at: z.string().nullable(),
  /** Files not followed at the last check, with the reason. */
  skipped: z.array(skippedFileSchema),
  /** What the last check changed. */
  last_changes: z.object({
    added: z.number(),
    updated: z.number(),
    renamed: z.number(),
    removed: z.number(),
    retry: z.number(),
  }),
})
export type FollowedFolder = z.infer<typeof followedFolderFields>

/**
 * The folder a collection follows (one record, its id the collection's): this host's own, never
 * synced, since a folder is a place on this device or this server.
 */
export const followedFolderKind = defineRecordKind({
  kind: 'followed_folder',
  notFound: 'The collection follows no folder',
  idParam: 'collection_id',
  idSchema: z.string(),
  sync: 'never',
  fields: followedFolderFields,
})
