import { constants } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { FolderFileChangedError } from '../../../web/core/folders/FolderPort'
import { descriptorPath } from './descriptorPath'

/** A regular file as the folder's listing saw it (`lstat`). */
export interface ListedFile {
  dev: bigint
  ino: bigint
  size: number
  /** Modified time, whole milliseconds. */
  modified: number
}

/**
 * Never follows a link in the last segment (O_NOFOLLOW: ELOOP), never waits for a pipe's writer
 * (O_NONBLOCK: a FIFO opens at once, and is refused below without a read), never makes a terminal the
 * server's (O_NOCTTY).
 */
const READ_FLAGS =
  constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0)

/** Open errors that mean the entry is no longer the listed file: read again at the next check. */
const CHANGED = new Set(['ENOENT', 'ELOOP', 'ENOTDIR', 'ENXIO', 'EISDIR'])

/**
 * Reads the file listed at `path` (a real path below a folder's root) through one descriptor, never
 * by its path again: the descriptor must be a regular file, the very one listed (device, inode, size,
 * modified time), and the kernel must name it by `path` exactly, so no segment of the path was a link
 * when it was opened (a folder swapped for a link out of the root reads as changed). Reads stop at the
 * listed size (which the scan has checked against the upload limit): a file that grew or shrank since
 * is a `FolderFileChangedError`, and nothing of it is returned.
 */
export async function readListedFile(path: string, listed: ListedFile): Promise<Uint8Array> {
  let handle: FileHandle
  try {
    handle = await open(path, READ_FLAGS)
  } catch (error) {
    if (CHANGED.has((error as NodeJS.ErrnoException).code ?? '')) throw new FolderFileChangedError()
    throw error
  }
  try {
    const facts = await handle.stat({ bigint: true })
    if (
      !facts.isFile() ||
      facts.dev !== listed.dev ||
      facts.ino !== listed.ino ||
      Number(facts.size) !== listed.size ||
      Number(facts.mtimeMs) !== listed.modified ||
      (await descriptorPath(handle, path)) !== path
    ) {
      throw new FolderFileChangedError()
    }
    const bytes = new Uint8Array(listed.size)
    let got = 0
    while (got < bytes.length) {
      const { bytesRead } = await handle.read(bytes, got, bytes.length - got, got)
      if (bytesRead === 0) throw new FolderFileChangedError() // shorter than listed
      got += bytesRead
    }
    // One byte past the listed size: the file grows as it is read, and is not read whole.
    if ((await handle.read(new Uint8Array(1), 0, 1, got)).bytesRead > 0) throw new FolderFileChangedError()
    return bytes
  } finally {
    await handle.close()
  }
}
