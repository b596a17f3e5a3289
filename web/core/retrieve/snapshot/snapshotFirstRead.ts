import { readSnapshotHead } from './snapshotHead'

/**
 * How many bytes from its start a cold start needs of this snapshot: its head and BM25's part (a
 * version 2 snapshot lays them out first). A store that reads a range at a time keeps it beside the
 * snapshot, so that one read of them begins as soon as the stored record is in hand
 * (`readIndexSnapshot`'s `firstRead`): read head first, the BM25 read could begin only once the head's
 * answer reached the API worker, which at a cold start is busy evaluating its own code (0.1-0.4 s at
 * 139k passages, browser-large's cold start). Undefined for bytes that are no version 2
 * snapshot (they are read as before).
 */
export function snapshotFirstRead(bytes: Uint8Array): number | undefined {
  try {
    const head = readSnapshotHead(bytes, bytes.length)
    return head === 'version 1' ? undefined : head.parts[0]!.end
  } catch {
    return undefined
  }
}
