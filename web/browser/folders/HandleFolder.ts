import {
  FolderAccessError,
  FolderMissingError,
  type FolderEntry,
  type FolderPort,
} from '../../core/folders/FolderPort'

/** What Chromium's File System Access API adds to a handle; absent from TypeScript's DOM types. */
interface PermissionHandle {
  queryPermission?: (descriptor: { mode: 'read' }) => Promise<PermissionState>
}

/** A directory's listing, in TypeScript's DOM.AsyncIterable types, which this project does not load. */
interface ListedDirectory {
  entries(): AsyncIterable<[string, FileSystemHandle]>
}

/** A followed folder deeper than this is a loop or a mistake; what lies below is not read. */
const MAX_DEPTH = 32

/**
 * The scanner's folder port over a folder the person picked (`showDirectoryPicker`), or one in the
 * origin private file system (tests): every file below it, subfolders included, hidden ones (a leading
 * dot: `.git`, `.DS_Store`) left out as the server's NodeFolder leaves them.
 */
export class HandleFolder implements FolderPort {
  private readonly files = new Map<string, FileSystemFileHandle>()

  constructor(private readonly root: FileSystemDirectoryHandle) {}

  async list(): Promise<FolderEntry[]> {
    const permission = await (this.root as PermissionHandle).queryPermission?.({ mode: 'read' })
    // After a browser restart a picked folder's permission is 'prompt': only the page may ask again.
    if (permission !== undefined && permission !== 'granted') throw new FolderAccessError()
    this.files.clear()
    const entries: FolderEntry[] = []
    try {
      await this.walk(this.root, '', 0, entries)
    } catch (error) {
      throw asFolderError(error)
    }
    return entries
  }

  async read(path: string): Promise<Uint8Array> {
    const handle = this.files.get(path)
    if (!handle) throw new Error('listed first')
    const file = await handle.getFile()
    return new Uint8Array(await file.arrayBuffer())
  }

  private async walk(
    directory: FileSystemDirectoryHandle,
    prefix: string,
    depth: number,
    into: FolderEntry[],
  ): Promise<void> {
    for await (const [name, handle] of (directory as unknown as ListedDirectory).entries()) {
      if (name.startsWith('.')) continue
      const path = prefix + name
      if (handle.kind === 'directory') {
        if (depth < MAX_DEPTH)
          await this.walk(handle as FileSystemDirectoryHandle, `${path}/`, depth + 1, into)
        continue
      }
      let file: File
      try {
        file = await (handle as FileSystemFileHandle).getFile()
      } catch (error) {
        // A file removed between listing and reading it is simply not there this time.
        if (isNamed(error, 'NotFoundError')) continue
        throw error
      }
      this.files.set(path, handle as FileSystemFileHandle)
      into.push({ path, size: file.size, modified: file.lastModified })
    }
  }
}

function isNamed(error: unknown, name: string): boolean {
  return error instanceof DOMException && error.name === name
}

function asFolderError(error: unknown): unknown {
  if (isNamed(error, 'NotAllowedError') || isNamed(error, 'SecurityError')) return new FolderAccessError()
  if (isNamed(error, 'NotFoundError') || isNamed(error, 'NotReadableError')) return new FolderMissingError()
  return error
}
