import type { ChunkRecord } from '../../store/ChunkRecord'
import type { IndexSnapshot } from './IndexSnapshot'

/** A document's chunks as one version of them (see `IndexSnapshotStore.documentVersions`). */
export interface VersionedChunks {
  version: string
  chunks: ChunkRecord[]
}

/** A document's chunk ids as one version of them. */
export interface VersionedChunkIds {
  version: string
  ids: string[]
}

/**
 * What a person's search index needs of their store to be saved and loaded incrementally: the
 * server's is `SqlIndexSnapshots` (SQLite or PostgreSQL, in the person's own database).
 */
export interface IndexSnapshotStore {
  /**
   * Every document's version: a string that changes whenever the document's chunks do (and differs
   * for a document deleted and made again under the same id). The SQL store's is the document's
   * row number and chunk set.
   */
  documentVersions(): Promise<Map<string, string>>
  /** The document's chunks together with the version they are (read consistently); undefined: no such document. */
  documentChunks(documentId: string): Promise<VersionedChunks | undefined>
  /**
   * The ids of the document's chunks together with their version (read consistently); undefined: no such
   * document. What a save checks the index against: reading whole chunks for it (text and vectors) took
   * as long as a rebuild after a big folder was processed, so a page closed then lost the snapshot.
   */
  documentChunkIds(documentId: string): Promise<VersionedChunkIds | undefined>
  /**
   * The last snapshot written, read and checked (`decodeIndexSnapshot`; a store that reads a range at a
   * time, `readIndexSnapshot`: its head and BM25 now, the vector rows when first needed), or undefined
   * when there is none. Rejects, with a RangeError saying why, when it cannot be read.
   */
  readSnapshot(): Promise<IndexSnapshot | undefined>
  /** Replaces the snapshot; a reader sees the old one or the new one, never a mix. */
  writeSnapshot(bytes: Uint8Array): Promise<void>
}
