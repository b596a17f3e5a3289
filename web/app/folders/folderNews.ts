import type { FolderStatus } from '../api/foldersApi'
import { changesLabel } from './folderLabels'

/** What a newly polled folder status tells the page, against the one it showed before. */
export interface FolderNews {
  /** A check finished since and changed the collection: "2 added, 1 removed" (said in a toast). */
  changes: string | undefined
  /**
   * The followed documents moved since: a check changed them, or a file was processed or failed. For a
   * folder on the server, those documents reach this device by sync: it pulls now rather than trail the
   * panel until the next sync round (issue 43).
   */
  documentsMoved: boolean
}

/** Compares two statuses of the same folder; nothing is news on the first status seen. */
export function folderNews(before: FolderStatus | undefined, next: FolderStatus | undefined): FolderNews {
  if (!before || !next) return { changes: undefined, documentsMoved: false }
  const checked = before.last_checked_at !== next.last_checked_at && !next.scanning
  const changes = checked ? changesLabel(next.last_changes) : undefined
  const stateBefore = new Map(before.files.map((file) => [file.path, file.state]))
  const statesMoved =
    before.files.length !== next.files.length ||
    next.files.some((file) => stateBefore.get(file.path) !== file.state)
  return { changes, documentsMoved: changes !== undefined || statesMoved }
}
