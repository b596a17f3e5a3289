import type { SearchIndexBytes } from '../index/SearchIndex'

/**
 * A person's search index as saved: the index's bytes and, per document, the version of its chunks
 * the index holds (`IndexSnapshotStore.documentVersions`). A version of null means "unknown": the
 * document's chunks changed in the index in a way not checked against the store, and a load reads
 * them again. A document absent from `covered` has no chunks in the index.
 */
export interface IndexSnapshot {
  covered: Map<string, string | null>
  index: SearchIndexBytes
}

export const INDEX_SNAPSHOT_FORMAT = 'quire-index-snapshot'
/** Bumped whenever the bytes change meaning; an older snapshot is ignored and the index rebuilt. */
export const INDEX_SNAPSHOT_VERSION = 1
