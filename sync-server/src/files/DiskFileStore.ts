import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FILE_KEY, type FileStore } from '../../../web/core/store/FileStore'
import { yieldToEventLoop } from '../../../web/core/time/yieldToEventLoop'

/** Bytes hashed between two yields to the event loop: about 10 ms of SHA-256. */
const HASH_SLICE = 4 * 1024 * 1024

/**
 * Files on disk under `root/<first two hex digits>/<sha256>`. Writes go to a temporary name first
 * and are renamed into place, so a crash never leaves a half-written file under a real key.
 */
export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(bytes: Uint8Array): Promise<string> {
    const key = await sha256InSlices(bytes)
    const path = this.pathOf(key)
    if (await exists(path)) return key
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true })
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
    await writeFile(temporary, bytes)
    await rename(temporary, path)
    return key
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    if (!FILE_KEY.test(key)) return undefined
    try {
      // A view, not a copy (copying a 100 MB file held the thread for tens of milliseconds): readFile
      // gives the file a buffer of its own.
      const data = await readFile(this.pathOf(key))
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  async delete(key: string): Promise<boolean> {
    if (!FILE_KEY.test(key) || !(await exists(this.pathOf(key)))) return false
    await rm(this.pathOf(key), { force: true })
    return true
  }

  private pathOf(key: string): string {
    return join(this.root, key.slice(0, 2), key)
  }
}

/**
 * The key (hex SHA-256) hashed a slice at a time with the event loop let run in between: a 100 MB
 * upload or a document's 360 MB chunk blob hashed in one call held the thread for a quarter second
 * (Web Crypto copies its whole input first). Node's own SHA-256, three times the speed of the
 * portable `Sha256` that `sha256Hex` falls back to for big inputs; same keys.
 */
async function sha256InSlices(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256')
  for (let start = 0; start < bytes.length; start += HASH_SLICE) {
    hash.update(bytes.subarray(start, start + HASH_SLICE))
    if (start + HASH_SLICE < bytes.length) await yieldToEventLoop()
  }
  return hash.digest('hex')
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}
