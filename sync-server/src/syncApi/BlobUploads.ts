/** How much of a partial upload the server holds: bytes received, and the total declared by its first part. */
export interface PartialBlob {
  received: number
  /** The declared total; null when no part has arrived. */
  size: number | null
}

/** Where a finished, verified upload goes: the person's FileStore. */
export type StoreBlob = (bytes: Uint8Array) => Promise<unknown>

/**
 * A person's unfinished blob uploads, as the blob routes use them: on disk beside their files
 * (`BlobParts`, SQLite deployments) or in their PostgreSQL schema (`PgBlobParts`), where an upload
 * begun on one instance is continued and finished on another.
 */
export interface BlobUploads {
  status(key: string): Promise<PartialBlob>
  /** Throws BlobPartConflict (busy, wrong offset, another total) or BlobHashMismatch. */
  append(
    key: string,
    first: number,
    total: number,
    bytes: Uint8Array,
    store: StoreBlob,
  ): Promise<PartialBlob & { complete: boolean }>
  /** Finishes a partial holding every byte (true), discards one holding more than declared. */
  settle(key: string, store: StoreBlob): Promise<boolean>
  discard(key: string): Promise<void>
}
