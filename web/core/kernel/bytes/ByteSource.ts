/**
 * Bytes read where they lie, a range at a time: an uploaded file on the server's disk (an open file
 * handle), a `Blob` or bytes already in memory in the browser. A reader of a large file (an archive
 * being imported) holds only the ranges it asked for.
 */
export interface ByteSource {
  readonly size: number
  /** The bytes at [offset, offset + length), cut short at the end; rejects when they cannot be read. */
  read(offset: number, length: number): Promise<Uint8Array>
  /** Lets the source go (the file handle closed); reading afterwards is an error. */
  close(): Promise<void>
}

/** A source over bytes already in memory. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
    close: async () => undefined,
  }
}
