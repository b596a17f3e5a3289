/** A file of a followed folder: its path below the root (`/`-separated), size in bytes, modified time (ms). */
export interface FolderEntry {
  path: string
  size: number
  modified: number
  /**
   * Set where the host will not read the entry (a symbolic link, a named pipe, a socket, a device):
   * why, as people see it. The check reports it among the skipped files and never reads it.
   */
  skip?: string
}

/**
 * A folder as the scanner sees it (DESIGN.md section 14): the browser's `FileSystemDirectoryHandle`,
 * the server's directory inside the operator's FOLDER_ROOTS, or one in memory for tests.
 */
export interface FolderPort {
  /** Every file below the root, subfolders included. Rejects with `FolderMissingError` when the root is gone. */
  list(): Promise<FolderEntry[]>
  /**
   * A file's bytes; rejects when it cannot be read (gone meanwhile, no permission), with a
   * `FolderFileChangedError` when it is no longer the file listed.
   */
  read(path: string): Promise<Uint8Array>
}

/**
 * The file is no longer the one listed (replaced, grown, shrunk, turned into a link or a pipe since):
 * nothing of it is read, and the next check lists and reads it again.
 */
export class FolderFileChangedError extends Error {
  constructor(message = 'The file changed after it was listed') {
    super(message)
    this.name = 'FolderFileChangedError'
  }
}

/** The folder's root is not there (an unplugged drive, a folder deleted, access withdrawn). */
export class FolderMissingError extends Error {
  constructor(message = 'The folder is missing') {
    super(message)
    this.name = 'FolderMissingError'
  }
}

/**
 * The folder is there but may not be read until the person allows it again (a browser forgets a picked
 * folder's permission when it restarts): nothing changes, and the app asks for access with one click.
 */
export class FolderAccessError extends FolderMissingError {
  constructor(message = 'Access to the folder must be given again') {
    super(message)
    this.name = 'FolderAccessError'
  }
}
