import type { SnapshotFile } from '../../core/retrieve/snapshot/SnapshotFile'

/**
 * A Blob of IndexedDB as a `SnapshotFile`: Chromium reads only the slice asked for, off this thread.
 * The Blob stays readable after its record is replaced or its connection closed (IndexedDB keeps a
 * Blob's bytes while the Blob is alive); should a read fail anyway, the rows it was for are unreadable
 * and the index is rebuilt from the stored chunks (`ManagedIndex`). `start`: the Blob's first bytes,
 * where another thread has read them already (`indexReaderWorker`); a read within them is not read again.
 */
export function blobSnapshotFile(blob: Blob, start?: Uint8Array): SnapshotFile {
  return {
    size: blob.size,
    read: async (from, end) => {
      if (start && from >= 0 && from <= end && end <= start.length)
        return from === 0 && end === start.length ? start : start.slice(from, end)
      return new Uint8Array(await blob.slice(from, end).arrayBuffer())
    },
  }
}
