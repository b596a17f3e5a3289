import Dexie from 'dexie'
import { decodeIndexSnapshot } from '../../core/retrieve/snapshot/decodeIndexSnapshot'
import type { IndexSnapshot } from '../../core/retrieve/snapshot/IndexSnapshot'
import { snapshotFirstRead } from '../../core/retrieve/snapshot/snapshotFirstRead'
import type {
  IndexSnapshotStore,
  VersionedChunkIds,
  VersionedChunks,
} from '../../core/retrieve/snapshot/IndexSnapshotStore'
import { documentVersion, documentVersions } from './documentVersion'
import { readBlobSnapshot } from './readBlobSnapshot'
import type { QuireDatabase } from './QuireDatabase'
import type { StoredIndexRead } from './readStoredIndex'

const SNAPSHOT_KEY = 'index'

/**
 * The search index's snapshot in the browser's IndexedDB (issue 44: opening the app with 100k passages
 * stored rebuilt the index from every chunk record, text and vector, before a search saw them all). A
 * document's version is its row's `seq` (a document deleted and made again gets another) and its chunk
 * set, raised in the transaction of every replacement of its chunks (`DexieChunks.replaceChunks`, the one
 * writer of chunks besides the deletes of documents and collections, whose rows go with them).
 */
export class DexieIndexSnapshots implements IndexSnapshotStore {
  /** The early read's snapshot and versions, each taken by the first read of it (a load's). */
  private earlySnapshot: Promise<IndexSnapshot | undefined> | undefined
  private earlyVersions: Promise<Map<string, string> | undefined> | undefined

  /**
   * `early`: the snapshot and the versions as reads begun before this store existed give them
   * (`earlyIndexRead`), each taken by the first `readSnapshot` or `documentVersions`; undefined there,
   * they are read as ever.
   */
  constructor(
    private readonly db: QuireDatabase,
    early?: Promise<StoredIndexRead | undefined>,
  ) {
    const read = early?.catch(() => undefined)
    this.earlySnapshot = read?.then((found) => found?.snapshot)
    this.earlyVersions = read?.then((found) => found?.versions)
  }

  /**
   * Both tables read whole (`getAll`), not walked with a cursor: a cold start reads this beside the
   * snapshot's 117 MB (139k passages), and a cursor's 200 steps, each a round trip through a busy
   * IndexedDB and this thread, ended 0.05-0.5 s after the snapshot's bytes had come (browser-large): the
   * load waited for them. Read whole, they are in before the bytes. Document records are small (their
   * chunks and openings are kept elsewhere).
   */
  async documentVersions(): Promise<Map<string, string>> {
    const early = this.earlyVersions
    this.earlyVersions = undefined
    const read = await early
    if (read) return read
    return this.db.transaction('r', this.db.documents, this.db.chunkSets, async () => {
      const [sets, documents] = await Promise.all([this.db.chunkSets.toArray(), this.db.documents.toArray()])
      return documentVersions(documents, sets)
    })
  }

  /** The chunks and the version read in one transaction, so they always agree. */
  async documentChunks(documentId: string): Promise<VersionedChunks | undefined> {
    const { documents, chunks, chunkSets } = this.db
    return this.db.transaction('r', documents, chunks, chunkSets, async () => {
      const row = await documents.where('id').equals(documentId).first()
      if (!row) return undefined
      const set = (await chunkSets.get(documentId))?.set
      const stored = await chunks
        .where('[document_id+index]')
        .between([documentId, Dexie.minKey], [documentId, Dexie.maxKey])
        .toArray()
      return { version: documentVersion(row.seq, set), chunks: stored }
    })
  }

  /** The chunks' keys only, from the `[document_id+index]` index: no record (text, vector) is read. */
  async documentChunkIds(documentId: string): Promise<VersionedChunkIds | undefined> {
    const { documents, chunks, chunkSets } = this.db
    return this.db.transaction('r', documents, chunks, chunkSets, async () => {
      const row = await documents.where('id').equals(documentId).first()
      if (!row) return undefined
      const set = (await chunkSets.get(documentId))?.set
      const ids = await chunks
        .where('[document_id+index]')
        .between([documentId, Dexie.minKey], [documentId, Dexie.maxKey])
        .primaryKeys()
      return { version: documentVersion(row.seq, set), ids }
    })
  }

  /**
   * Stored as a Blob: Chromium hands a Blob record out at once and reads its bytes off this thread,
   * a slice at a time (`readIndexSnapshot`: the head and BM25 now, the vector rows when a search first
   * needs them), where a Uint8Array record of 117 MB (139k passages) was rebuilt on the API worker's
   * thread as the read answered, about 1 s that no search could use (browser-large's cold start; in a
   * scratch test, 1.0-1.7 s against 0.45-0.95 s for the Blob). A snapshot written as a
   * Uint8Array by an earlier version is read, and written back as a Blob in the same transaction (so
   * no newer snapshot written meanwhile is overwritten), once.
   */
  async readSnapshot(): Promise<IndexSnapshot | undefined> {
    const early = this.earlySnapshot
    this.earlySnapshot = undefined
    // A snapshot written since that read began is newer, but the older one is no wrong index: a load
    // compares it with every document's version and reads again the documents that changed.
    const read = await early
    if (read) return read
    const { indexSnapshot } = this.db
    const stored = await this.db.transaction('rw', indexSnapshot, async () => {
      const record = await indexSnapshot.get(SNAPSHOT_KEY)
      if (record?.bytes instanceof Uint8Array) await indexSnapshot.put(snapshotRecord(record.bytes))
      return record
    })
    // Read once the transaction has ended: it would end at this await, which is not IndexedDB's.
    if (stored?.bytes instanceof Blob) return readBlobSnapshot(stored.bytes, stored.firstRead)
    return stored && decodeIndexSnapshot(stored.bytes)
  }

  /** The stored snapshot's bytes, whole (tests). */
  async readSnapshotBytes(): Promise<Uint8Array | undefined> {
    const bytes = (await this.db.indexSnapshot.get(SNAPSHOT_KEY))?.bytes
    return bytes instanceof Blob ? new Uint8Array(await bytes.arrayBuffer()) : bytes
  }

  /** One put: IndexedDB's transaction gives a reader the old snapshot or the new one. */
  async writeSnapshot(bytes: Uint8Array): Promise<void> {
    await this.db.indexSnapshot.put(snapshotRecord(bytes))
  }
}

/** The record of a snapshot: its bytes as a Blob, and the length a cold start reads first. */
function snapshotRecord(bytes: Uint8Array): { key: string; bytes: Blob; firstRead?: number } {
  // A Blob is made of unshared memory only.
  const blob = new Blob([
    bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : bytes.slice(),
  ])
  const firstRead = snapshotFirstRead(bytes)
  return { key: SNAPSHOT_KEY, bytes: blob, ...(firstRead === undefined ? {} : { firstRead }) }
}
