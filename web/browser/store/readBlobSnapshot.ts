import type { IndexSnapshot } from '../../core/retrieve/snapshot/IndexSnapshot'
import { readIndexSnapshot } from '../../core/retrieve/snapshot/readIndexSnapshot'
import { blobSnapshotFile } from './blobSnapshotFile'

/**
 * The snapshot of a Blob record of `indexSnapshot`, read a range at a time (`readIndexSnapshot`), its
 * head and BM25's part in one read where the record keeps their length (`firstRead`, written with the
 * snapshot; earlier versions wrote none). A record without it is `outdated`: the load's next save
 * writes it again with its `firstRead`, once. `start`: the Blob's first bytes where they have been read
 * already.
 */
export async function readBlobSnapshot(
  blob: Blob,
  firstRead: unknown,
  start?: Uint8Array,
): Promise<IndexSnapshot> {
  const kept = typeof firstRead === 'number' ? firstRead : undefined
  const snapshot = await readIndexSnapshot(blobSnapshotFile(blob, start), kept)
  return kept === undefined ? { ...snapshot, outdated: true } : snapshot
}
