import type { SearchIndexBytes } from '../index/SearchIndex'

/**
 * A person's search index as saved: the index's bytes and, per document, the version of its chunks
 * the index holds (`IndexSnapshotStore.documentVersions`). A version of null means "unknown": the
 * document's chunks changed in the index in a way not checked against the store, and a load reads
 * them again. A document absent from `covered` has no chunks in the index.
 *
 * Read from a store that reads a range at a time (the browser's, `readIndexSnapshot`), an embedder's
 * vector rows may not be read yet (`UnreadVectorRows`): what a search asks before its vector pass is
 * in the snapshot's head, and the rows are read when first needed.
 */
export interface IndexSnapshot {
  covered: Map<string, string | null>
  index: SearchIndexBytes
  /** Written in an earlier format this build still reads: the next save writes it in this one. */
  outdated?: boolean
}

export const INDEX_SNAPSHOT_FORMAT = 'quire-index-snapshot'
/**
 * Bumped whenever the bytes change meaning. Version 1 (one checksum over everything, read whole) is
 * still read, and written again as version 2; any other is ignored and the index rebuilt.
 */
export const INDEX_SNAPSHOT_VERSION = 2
