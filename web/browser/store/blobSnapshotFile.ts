import type { SnapshotFile } from '../../core/retrieve/snapshot/SnapshotFile'

/**
 * A Blob of IndexedDB as a `SnapshotFile`: Chromium reads only the slice asked for, off this thread.
 * The Blob stays readable after its record is replaced or its connection closed (IndexedDB keeps a
 * Blob's bytes while the Blob is alive); should a read fail anyway, the rows it was for are unreadable
 * and the index is rebuilt from the stored chunks (`ManagedIndex`).
 */
export function blobSnapshotFile(blob: Blob): SnapshotFile {
  return {
    size: blob.size,
    read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()),
  }
}
