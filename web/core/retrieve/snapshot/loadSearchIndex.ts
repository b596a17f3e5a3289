import { type FromBytesOptions, SearchIndex } from '../index/SearchIndex'
import { timeSlicer } from '../../kernel/time/timeSlicer'
import type { IndexSnapshotStore } from './IndexSnapshotStore'

/**
 * How long a slice of decoding a snapshot may hold the thread: a browser's worker waits at least 4 ms
 * for a timer that timers have nested for (the spec's clamp), so a slice much shorter than the decode's
 * 0.1-0.2 s at 139k passages would leave the thread idle as much as it works.
 */
const DECODE_SLICE_MS = 20

export interface LoadedIndex {
  index: SearchIndex
  /** Per document, the version of its chunks the index holds (see `IndexSnapshot`). */
  covered: Map<string, string | null>
  /** 'snapshot': read from it, then brought up to date; 'chunks': rebuilt from every stored chunk. */
  from: 'snapshot' | 'chunks'
  /** Documents whose chunks were read from the store (all of them on a rebuild). */
  documentsRead: number
  /** The snapshot read was of an earlier format (`IndexSnapshot.outdated`): to be written again. */
  outdated: boolean
}

export interface LoadSearchIndexOptions extends FromBytesOptions {
  /** Rebuild from the stored chunks without reading the snapshot (one found unreadable after a load). */
  ignoreSnapshot?: boolean
}

/**
 * A person's search index from their store: the last snapshot, with only the documents that changed
 * since it was written read again (new or re-processed: their chunks; deleted: dropped), or, with no
 * usable snapshot, every document's chunks. A snapshot that cannot be read (corrupt, truncated,
 * another format or tokenizer) is ignored with the reason logged: never a wrong index, at worst a
 * slow start. The store is the truth throughout; the snapshot only saves reading it all.
 *
 * The snapshot's vector rows are read (where the store reads a range at a time) and decoded on their
 * first use (`SearchIndex.fromBytes`), not here: a cold start's first search (BM25 where hash-v1 made
 * the vectors) does not wait for them, nor for BM25's postings to be unpacked (term by term on first use).
 * If a part then proves unreadable, `onUnreadable` is told,
 * and the caller loads again with `ignoreSnapshot` (what an unreadable snapshot gets here at once).
 */
export async function loadSearchIndex(
  store: IndexSnapshotStore,
  logError: (error: unknown) => void,
  options: LoadSearchIndexOptions = {},
): Promise<LoadedIndex> {
  // Both at once: in the browser the snapshot's read (over 100 MB at 139k passages) is the long wait of a
  // cold start, and the versions' read need not queue behind it. Which is read first does not matter: a
  // document whose version differs from the snapshot's, either way, is read again below.
  const snapshotRead = options.ignoreSnapshot ? Promise.resolve(undefined) : store.readSnapshot()
  // Observed now, so that a failed read is not reported as unhandled while the versions are read.
  snapshotRead.catch(() => undefined)
  const versions = await store.documentVersions()
  let restored: { index: SearchIndex; covered: Map<string, string | null>; outdated: boolean } | undefined
  try {
    const snapshot = await snapshotRead
    if (snapshot) {
      // In slices: the host's other work (in the browser, its store's first reads) goes on between them.
      const index = await SearchIndex.fromBytesInSteps(snapshot.index, timeSlicer(DECODE_SLICE_MS), {
        onUnreadable: options.onUnreadable,
      })
      restored = { index, covered: snapshot.covered, outdated: snapshot.outdated === true }
    }
  } catch (error) {
    logError(
      new Error(`Search index snapshot ignored (${reason(error)}); rebuilding it from the stored chunks`),
    )
  }
  const index = restored?.index ?? new SearchIndex()
  const covered = restored?.covered ?? new Map<string, string | null>()
  const stale = new Set<string>()
  for (const [id, version] of covered) if (version === null || versions.get(id) !== version) stale.add(id)
  for (const [id, version] of versions) if (covered.get(id) !== version) stale.add(id)
  for (const id of stale) {
    const fresh = versions.has(id) ? await store.documentChunks(id) : undefined
    await index.replaceDocument(id, fresh?.chunks ?? [])
    if (fresh) covered.set(id, fresh.version)
    else covered.delete(id)
  }
  return {
    index,
    covered,
    from: restored ? 'snapshot' : 'chunks',
    documentsRead: stale.size,
    outdated: restored?.outdated ?? false,
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
