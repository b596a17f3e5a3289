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
}

/** Lowercase hex SHA-256 of the bytes (Web Crypto, available on both hosts). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

export const FILE_KEY = /^[0-9a-f]{64}$/
