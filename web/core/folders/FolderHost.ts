import type { FolderPort } from './FolderPort'

/**
 * Where a host finds the folders people follow by path (the server: inside the operator's
 * FOLDER_ROOTS, a person's own roots). Absent where folders are chosen otherwise (the
 * browser keeps a handle the person picked).
 */
export interface FolderHost {
  /**
   * The folders below which this person may follow one (the server: their FOLDER_ROOTS, `{user}`,
   * `{username}` and `{email}` made theirs, read at each call: a username may change), shown where
   * they enter a path; none where folders are picked.
   */
  roots(): Promise<readonly string[]>
  /** Checks a path a person asks to follow; rejects with an ApiError (400, 403, 404) saying why. */
  open(path: string): Promise<FolderPort>
  /**
   * The port of a folder already followed. Checked again at every listing: a folder no longer
   * allowed or no longer there lists as missing, which changes nothing.
   */
  reopen(path: string): FolderPort
}
