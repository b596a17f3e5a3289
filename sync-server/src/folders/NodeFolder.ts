import type { Dirent } from 'node:fs'
import { readFile, readdir, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { FolderMissingError, type FolderEntry, type FolderPort } from '../../../web/core/folders/FolderPort'
import { isInside, type AllowedFolder } from './folderRoots'

/** A folder of tens of thousands of files is listed up to here; the scanner sees no more. */
const MAX_ENTRIES = 100_000

/**
 * A followed folder on the server's disk (the scanner's `FolderPort`). Symbolic links are not
 * followed (one could lead out of the root), nor are hidden files and folders (`.git`, `.DS_Store`).
 * Each check makes sure the folder still resolves inside its root: a folder since replaced by a link
 * elsewhere reads as missing, which changes nothing.
 */
export class NodeFolder implements FolderPort {
  constructor(private readonly folder: AllowedFolder) {}

  async list(): Promise<FolderEntry[]> {
    await this.checkRoot()
    const entries: FolderEntry[] = []
    const walk = async (relative: string): Promise<void> => {
      let children: Dirent[]
      try {
        children = await readdir(join(this.folder.path, relative), { withFileTypes: true })
      } catch {
        return // a subfolder removed or closed meanwhile: its files are not listed
      }
      for (const child of children.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        if (child.name.startsWith('.') || entries.length >= MAX_ENTRIES) continue
        const path = relative ? `${relative}/${child.name}` : child.name
        if (child.isDirectory()) await walk(path)
        else if (child.isFile()) {
          try {
            const facts = await stat(join(this.folder.path, path))
            entries.push({ path, size: facts.size, modified: Math.floor(facts.mtimeMs) })
          } catch {
            // gone between the listing and its stat: not there
          }
        }
      }
    }
    await walk('')
    return entries
  }

  async read(path: string): Promise<Uint8Array> {
    if (path.split('/').some((segment) => segment === '..' || segment === '')) {
      throw new Error('not a path inside the folder')
    }
    const real = await realpath(join(this.folder.path, path))
    if (!isInside(real, this.folder.path)) throw new Error('not a path inside the folder')
    return new Uint8Array(await readFile(real))
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
