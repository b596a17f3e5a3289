import { yieldToEventLoop } from '../kernel/time/yieldToEventLoop'
import { Sha256 } from './Sha256'

/**
 * Where uploaded files live, content-addressed by SHA-256 (DESIGN.md section 3): the same bytes are
 * stored once, and a key names exactly one content. The server keeps files on disk, the browser in
 * IndexedDB; both pass `conformance/fileStoreConformance.ts`.
 */
export interface FileStore {
  /** Stores the bytes (if not stored yet) and resolves their key, the lowercase hex SHA-256. */
  put(bytes: Uint8Array): Promise<string>
  get(key: string): Promise<Uint8Array | undefined>
  /** Removes the file; resolves false when there was none. */
  delete(key: string): Promise<boolean>
  /**
   * Where the file lies on the host's own disk (undefined: no such file), for a host whose ingest
   * worker opens the file itself (`Ingestor.readsStoredFiles`); absent where files are not on a disk.
   */
  pathOf?(key: string): Promise<string | undefined>
  /**
   * Stores a copy of the file at `path` on the host's own disk (an upload's temporary file) and resolves
   * its key, as `put` of its bytes would, read a part at a time: a big upload is never held whole.
   * Absent where files are not on a disk; the caller keeps (and removes) its own file.
   */
  putFile?(path: string): Promise<string>
}

/** From this size on, `sha256Hex` hashes in slices (Web Crypto would hold the thread: see Sha256). */
const SLICED_FROM_BYTES = 8 * 1024 * 1024
/** About 7 ms of hashing per slice on the development machine. */
const SLICE_BYTES = 1024 * 1024

/**
 * Lowercase hex SHA-256 of the bytes: Web Crypto (available on both hosts) for ordinary files; for
 * big ones (a 100 MB upload, a document's chunk blob) a slice at a time with the event loop let run
 * in between, so hashing never stalls the host.
 */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  if (bytes.length < SLICED_FROM_BYTES) {
    return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)))
  }
  const hash = new Sha256()
  for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
    hash.update(bytes.subarray(start, start + SLICE_BYTES))
    await yieldToEventLoop()
  }
  return toHex(hash.digest())
}

/** A digest as lowercase hex. */
export function toHex(digest: Uint8Array): string {
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}

export const FILE_KEY = /^[0-9a-f]{64}$/
