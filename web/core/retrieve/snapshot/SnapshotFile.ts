/**
 * A stored snapshot read a range at a time: the browser's is a Blob of IndexedDB, whose bytes are read
 * only where asked (`blob.slice(start, end).arrayBuffer()`), so a cold start reads the snapshot's head
 * and BM25 and leaves the vector rows (58% of it at 139k passages) until a search needs them.
 */
export interface SnapshotFile {
  /** Its length in bytes. */
  readonly size: number
  /** Bytes `start` to `end` (exclusive), in a buffer of their own beginning with `start`. */
  read(start: number, end: number): Promise<Uint8Array>
}

/** A snapshot already in memory as a `SnapshotFile` (tests; a store that reads it whole). */
export function snapshotFileOf(bytes: Uint8Array): SnapshotFile {
  return {
    size: bytes.length,
    read: async (start, end) => {
      if (start < 0 || end > bytes.length || start > end) throw new RangeError('a read past the snapshot')
      return bytes.slice(start, end)
    },
  }
}
