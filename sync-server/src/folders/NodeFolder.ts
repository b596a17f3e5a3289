import { constants, type Dirent } from 'node:fs'
import { lstat, open, readdir, realpath, stat, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { FolderMissingError, type FolderEntry, type FolderPort } from '../../../web/core/folders/FolderPort'
import { timeSlicer } from '../../../web/core/kernel/time/timeSlicer'
import { descriptorBase, descriptorPath } from './descriptorPath'
import { isInside, type AllowedFolder } from './folderRoots'
import { notRegularReason } from './notRegularReason'
import { readListedFile, type ListedFile } from './readListedFile'

/** A folder of tens of thousands of files is listed up to here; the scanner sees no more. */
const MAX_ENTRIES = 100_000

const DIRECTORY_FLAGS =
  constants.O_RDONLY |
  (constants.O_DIRECTORY ?? 0) |
  (constants.O_NOFOLLOW ?? 0) |
  (constants.O_NONBLOCK ?? 0)

/**
 * A followed folder on the server's disk (the scanner's `FolderPort`). Only regular files are read:
 * symbolic links (one could lead out of the root), named pipes, sockets and devices are listed with
 * the reason they are skipped and never opened; hidden files and folders (`.git`, `.DS_Store`) are
 * left out. Each check makes sure the folder still resolves inside its root: a folder since replaced by
 * a link elsewhere reads as missing, which changes nothing. Each directory is listed through a
 * descriptor opened without following links, and a file is read only if it is still the one listed
 * (`readListedFile`): swapping a file or folder for a link between the listing and the read gains nothing.
 */
export class NodeFolder implements FolderPort {
  /** The regular files of the last listing: only these are read, and only while they are the same. */
  private listed = new Map<string, ListedFile>()

  constructor(private readonly folder: AllowedFolder) {}

  async list(): Promise<FolderEntry[]> {
    await this.checkRoot()
    const listed = new Map<string, ListedFile>()
    const entries: FolderEntry[] = []
    // Tens of thousands of entries, each an await: the server's other requests get the thread between slices.
    const slice = timeSlicer()
    const walk = async (relative: string): Promise<void> => {
      const directory = await openDirectory(join(this.folder.path, relative))
      if (!directory) {
        // The root gone since `checkRoot`: missing, which removes nothing. A subfolder removed, closed or
        // swapped for a link meanwhile: its files are not listed.
        if (!relative) throw new FolderMissingError()
        return
      }
      const subfolders: string[] = []
      try {
        const base = descriptorBase(directory, join(this.folder.path, relative))
        let children: Dirent[]
        try {
          children = await readdir(base, { withFileTypes: true })
        } catch {
          return
        }
        for (const child of children.sort((a, b) => (a.name < b.name ? -1 : 1))) {
          if (child.name.startsWith('.') || entries.length >= MAX_ENTRIES) continue
          await slice()
          const path = relative ? `${relative}/${child.name}` : child.name
          if (child.isDirectory()) {
            subfolders.push(path)
            continue
          }
          const skip = notRegularReason(child)
          if (skip) {
            entries.push({ path, size: 0, modified: 0, skip })
            continue
          }
          let facts
          try {
            facts = await lstat(join(base, child.name), { bigint: true })
          } catch {
            continue // gone between the listing and its lstat: not there
          }
          if (!facts.isFile()) continue // replaced by something else meanwhile: the next check says what
          const file = {
            dev: facts.dev,
            ino: facts.ino,
            size: Number(facts.size),
            modified: Number(facts.mtimeMs),
          }
          listed.set(path, file)
          entries.push({ path, size: file.size, modified: file.modified })
        }
      } finally {
        await directory.close()
      }
      for (const subfolder of subfolders) await walk(subfolder)
    }
    await walk('')
    this.listed = listed
    return entries
  }

  async read(path: string): Promise<Uint8Array> {
    const listed = this.listed.get(path)
    if (!listed) throw new Error('not a file listed in the folder')
    return readListedFile(join(this.folder.path, path), listed)
  }

  private async checkRoot(): Promise<void> {
    try {
      const real = await realpath(this.folder.path)
      if (real === this.folder.path && isInside(real, this.folder.root) && (await stat(real)).isDirectory())
        return
    } catch {
      // missing
    }
    throw new FolderMissingError()
  }
}

/**
 * A directory of the folder opened without following a link, or undefined when it is not there, not
 * a directory, or not reached by `path` exactly (a segment above it was swapped for a link).
 */
async function openDirectory(path: string): Promise<FileHandle | undefined> {
  let handle: FileHandle
  try {
    handle = await open(path, DIRECTORY_FLAGS)
  } catch {
    return undefined
  }
  if ((await descriptorPath(handle, path)) === path) return handle
  await handle.close()
  return undefined
}
