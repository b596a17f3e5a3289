import { unsafeEntry } from './packageErrors'

export interface EntryPath {
  /** Relative, '/'-separated, no '.', '..' or empty segments; '' for the archive's root folder. */
  path: string
  /** The name ended in '/' (or named the root): a folder entry. */
  isFolder: boolean
}

// Bytes that have no place in a file name that becomes part of a URL: C0 controls and DEL (NUL cuts a
// name short in C libraries and file systems; the others hide what a name says in logs and listings).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * Normalises an entry name from an archive, refusing any that could point outside the package or
 * mean different things to different readers: `..` segments, absolute paths, drive letters,
 * backslashes (a separator on Windows, a plain character elsewhere), NUL and other control characters.
 * `./` segments (from `tar -C dir .`) and doubled slashes are dropped.
 */
export function normaliseEntryPath(name: string): EntryPath {
  if (name.includes('\0')) throw unsafeEntry(name, 'its name contains a NUL character')
  if (CONTROL.test(name)) throw unsafeEntry(name, 'its name contains a control character')
  if (name.includes('\\')) throw unsafeEntry(name, 'its name contains a backslash')
  if (name.startsWith('/')) throw unsafeEntry(name, 'its path is absolute')
  if (/^[A-Za-z]:/.test(name)) throw unsafeEntry(name, 'its path starts with a drive letter')
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.')
  if (segments.includes('..')) throw unsafeEntry(name, 'its path leaves the package (a ".." segment)')
  return { path: segments.join('/'), isFolder: name.endsWith('/') || segments.length === 0 }
}
