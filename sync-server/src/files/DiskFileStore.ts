import { randomUUID } from 'node:crypto'
import { chmod, copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FILE_KEY, type FileStore } from '../../../web/core/store/FileStore'
import { sha256InSlices } from './sha256InSlices'
import { sha256OfFile } from './sha256OfFile'

/** How a file's bytes reach the disk: `fs.writeFile`, or a test's stand-in that fails (ENOSPC). */
export type WriteFile = (path: string, bytes: Uint8Array) => Promise<void>
/** How a file on disk is copied in (`putFile`): `fs.copyFile`, or a test's stand-in that fails. */
export type CopyFile = (from: string, to: string) => Promise<void>

/**
 * Files on disk under `root/<first two hex digits>/<sha256>`. Writes go to a temporary name first
 * and are renamed into place, so a crash never leaves a half-written file under a real key; a write
 * that fails (a full disk: ENOSPC, which the one error path answers 507) removes what it had written.
 */
export class DiskFileStore implements FileStore {
  constructor(
    private readonly root: string,
    private readonly write: WriteFile = writeFile,
    private readonly copy: CopyFile = copyFile,
  ) {}

  async put(bytes: Uint8Array): Promise<string> {
    const key = await sha256InSlices(bytes)
    await this.placeAt(key, (temporary) => this.write(temporary, bytes))
    return key
  }

  /**
   * Hashed as it is read (`sha256OfFile`), then copied by the kernel (`copyFile`, off the event
   * loop): the file's bytes never pass through the server's thread whole.
   */
  async putFile(path: string): Promise<string> {
    const key = await sha256OfFile(path)
    await this.placeAt(key, async (temporary) => {
      await this.copy(path, temporary)
      // copyFile gives the copy the source's mode, whatever the umask: the data directory's files are
      // owner-only (ownerOnlyDataDir).
      await chmod(temporary, 0o600)
    })
    return key
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    if (!FILE_KEY.test(key)) return undefined
    try {
      // A view, not a copy (copying a 100 MB file held the thread for tens of milliseconds): readFile
      // gives the file a buffer of its own.
      const data = await readFile(this.place(key))
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async delete(key: string): Promise<boolean> {
    if (!FILE_KEY.test(key) || !(await exists(this.place(key)))) return false
    await rm(this.place(key), { force: true })
    return true
  }

  async pathOf(key: string): Promise<string | undefined> {
    if (!FILE_KEY.test(key)) return undefined
    const path = this.place(key)
    return (await exists(path)) ? path : undefined
  }

  /** Writes the file of `key` unless it is there: to a temporary name, then renamed into place. */
  private async placeAt(key: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const path = this.place(key)
    if (await exists(path)) return
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true })
    // Unique per write: two writes of the same content at once (two imports of one archive) each
    // have their own, and each rename puts the same bytes in place.
    const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`
    try {
      await write(temporary)
      await rename(temporary, path)
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined)
      throw error
    }
  }

  private place(key: string): string {
    return join(this.root, key.slice(0, 2), key)
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}
