/** What `Dirent` and `Stats` both say of an entry's type. */
export interface EntryType {
  isFile(): boolean
  isDirectory(): boolean
  isSymbolicLink(): boolean
  isFIFO(): boolean
  isSocket(): boolean
  isBlockDevice(): boolean
  isCharacterDevice(): boolean
}

/**
 * Why a followed folder's entry is not read, as people see it among the skipped files; undefined for a
 * regular file or a folder. Only regular files are read: a link may lead out of the root, opening a
 * named pipe waits for a writer (a server thread held until one comes), and a device or a socket is no
 * document.
 */
export function notRegularReason(entry: EntryType): string | undefined {
  if (entry.isFile() || entry.isDirectory()) return undefined
  if (entry.isSymbolicLink()) return 'a symbolic link: links are not followed'
  if (entry.isFIFO()) return 'a named pipe (FIFO): only regular files are read'
  if (entry.isSocket()) return 'a socket: only regular files are read'
  if (entry.isBlockDevice() || entry.isCharacterDevice()) return 'a device: only regular files are read'
  return 'not a regular file: only regular files are read'
}
