import { FILE_KEY, sha256Hex, type FileStore } from '../../core/store/FileStore'
import type { QuireDatabase } from './QuireDatabase'

/** Uploaded files in IndexedDB, content-addressed like the server's DiskFileStore. */
export class DexieFileStore implements FileStore {
  constructor(private readonly db: QuireDatabase) {}

  async put(bytes: Uint8Array): Promise<string> {
    const key = await sha256Hex(bytes)
    // `put` is idempotent here: the same key always holds the same bytes.
    await this.db.files.put({ key, bytes: bytes.slice() })
    return key
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    if (!FILE_KEY.test(key)) return undefined
    return (await this.db.files.get(key))?.bytes
  }

  async delete(key: string): Promise<boolean> {
    if (!FILE_KEY.test(key)) return false
    return this.db.transaction('rw', this.db.files, async () => {
      if (!(await this.db.files.get(key))) return false
      await this.db.files.delete(key)
      return true
    })
  }
}
