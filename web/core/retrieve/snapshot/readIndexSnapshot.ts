import { checkedPart, decodeIndexSnapshot } from './decodeIndexSnapshot'
import type { IndexSnapshot } from './IndexSnapshot'
import { readSnapshotHead, SNAPSHOT_FIRST_READ, snapshotHeadBytes } from './snapshotHead'
import type { SnapshotFile } from './SnapshotFile'

/**
 * Reads a snapshot a range at a time: its head and BM25's part now, each embedder's vector rows only
 * when asked (`UnreadVectorRows.read`, each part checked against its checksum then). At 139k passages
 * the browser's cold start read 117 MB, of which 67 MB were vector rows that a hash-v1 search never
 * uses (weighted 0 in fusion); reading IndexedDB's Blob went at 65-90 MB/s on the development machine.
 * `firstRead`, where the store kept it (`snapshotFirstRead`), is how many bytes the first read takes:
 * the head and BM25's part in one read, not one after the other; a hint that falls short only costs the
 * read after. A snapshot of version 1 is read whole (`decodeIndexSnapshot`). Rejects with a RangeError
 * as that does.
 */
export async function readIndexSnapshot(file: SnapshotFile, firstRead?: number): Promise<IndexSnapshot> {
  const first = await file.read(0, firstReadEnd(file.size, firstRead))
  const headEnd = snapshotHeadBytes(first, file.size)
  const head = readSnapshotHead(headEnd <= first.length ? first : await file.read(0, headEnd), file.size)
  if (head === 'version 1') return decodeIndexSnapshot(await file.read(0, file.size))
  const [bm25, ...rows] = head.parts
  return {
    covered: head.covered,
    index: {
      bm25:
        bm25!.end <= first.length
          ? checkedPart(first.subarray(bm25!.start, bm25!.end), bm25!.checksum)
          : await readPart(file, bm25!),
      vectors: head.vectors.map(({ embedder, count, dimensions, collections }, i) => ({
        embedder,
        rows: { count, dimensions, collections, read: (pause) => readPart(file, rows[i]!, pause) },
      })),
    },
  }
}

/** Where the first read of a snapshot of `size` bytes ends, given the length its store kept (`firstRead`). */
export function firstReadEnd(size: number, firstRead: number | undefined): number {
  const hinted = Number.isSafeInteger(firstRead) && firstRead! > SNAPSHOT_FIRST_READ ? firstRead! : 0
  return Math.min(size, Math.max(SNAPSHOT_FIRST_READ, hinted))
}

/**
 * How much of a part one read takes when the part is read with pauses: IndexedDB's reads of the
 * person's searches (their passages) wait behind a read under way, and a vector part is 67 MB at
 * 139k passages, read at 65-90 MB/s.
 */
export const PART_READ_BYTES = 4 * 1024 * 1024

/** A part, read and checked: at once, or with `pause` awaited after each `PART_READ_BYTES`. */
async function readPart(
  file: SnapshotFile,
  { start, end, checksum }: { start: number; end: number; checksum: number },
  pause?: () => Promise<void>,
): Promise<Uint8Array> {
  if (!pause) {
    const bytes = await file.read(start, end)
    if (bytes.length !== end - start) throw new RangeError('truncated')
    return checkedPart(bytes, checksum)
  }
  const bytes = new Uint8Array(end - start)
  for (let at = start; at < end; at += PART_READ_BYTES) {
    const to = Math.min(end, at + PART_READ_BYTES)
    const range = await file.read(at, to)
    if (range.length !== to - at) throw new RangeError('truncated')
    bytes.set(range, at - start)
    await pause()
  }
  return checkedPart(bytes, checksum)
}
