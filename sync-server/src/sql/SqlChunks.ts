import type { ChunkFilter, ChunkRecord } from '../../../web/core/store/ChunkRecord'
import type { ChunkStore } from '../../../web/core/store/ChunkStore'
import type { ChunkVector } from '../../../web/core/store/ChunkVector'
import { documentOpening, type DocumentOpening } from '../../../web/core/store/DocumentOpening'
import { timeSlicer } from '../../../web/core/kernel/time/timeSlicer'
import { readChunkVectors } from './readChunkVectors'
import { fromChunkRow, toChunkMetadata, toChunkParams, type ChunkRow } from './rows'
import type { SqlDriver, SqlValue } from './SqlDriver'

/**
 * Rows per write transaction, per read query, per delete statement: each a few milliseconds (a chunk
 * is ~1 KB of text and a 1.5 KB vector), with the event loop let run once a time slice has passed.
 */
const WRITE_ROWS = 100
const READ_ROWS = 200
const DELETE_ROWS = 1_000

const COLUMNS =
  'id, document_id, collection_id, idx, text, page, heading, token_count, embedder, vector, metadata'
const LIVE_COLUMNS = COLUMNS.split(', ')
  .map((column) => `c.${column}`)
  .join(', ')

// Constant SQL text only, so that the driver prepares each statement once and reuses it.
const SQL = {
  chunkSet: 'SELECT chunk_set FROM documents WHERE id = ?',
  insert: `INSERT INTO chunks (${COLUMNS}, chunk_set) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  // The switch itself: one statement, so a reader sees the old set or the new one, never a mix, and
  // the opening (migration 9) always of the set it names.
  switchSet:
    'UPDATE documents SET chunk_set = ?, opening = ?, opening_paged = ? WHERE id = ? AND chunk_set = ?',
  keepOpening: 'UPDATE documents SET opening = ?, opening_paged = ? WHERE id = ? AND opening IS NULL',
  // Chunks added to the current set (addChunks): the document's version moves with them (migration 10).
  chunksAdded: 'UPDATE documents SET chunks_added = chunks_added + 1 WHERE id = ? AND chunk_set = ?',
  documentsInOrder: 'SELECT id, chunk_set FROM documents ORDER BY created_at, seq',
  collectionDocumentsInOrder:
    'SELECT id, chunk_set FROM documents WHERE collection_id = ? ORDER BY created_at, seq',
}

/**
 * What differs by dialect: the key that settles equal indexes in keyset pages (a hostile synced blob),
 * and how a delete is cut to DELETE_ROWS. SQLite has `rowid`; PostgreSQL has none, and its chunk id
 * is as good a tie-breaker (unique within a set: the key is (id, chunk_set)).
 */
const DIALECT_SQL = {
  sqlite: {
    deleteOtherSets: `DELETE FROM chunks WHERE rowid IN (
      SELECT rowid FROM chunks WHERE document_id = ? AND chunk_set != ? LIMIT ${DELETE_ROWS})`,
    page: `SELECT ${COLUMNS}, rowid AS tie FROM chunks WHERE document_id = ? AND chunk_set = ?
      AND (idx > ? OR (idx = ? AND rowid > ?)) ORDER BY idx, rowid LIMIT ?`,
    pageInCollection: `SELECT ${COLUMNS}, rowid AS tie FROM chunks WHERE document_id = ? AND chunk_set = ?
      AND collection_id = ? AND (idx > ? OR (idx = ? AND rowid > ?)) ORDER BY idx, rowid LIMIT ?`,
    staleDocuments: `SELECT DISTINCT c.document_id AS id, d.chunk_set AS chunk_set
      FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.chunk_set != d.chunk_set`,
    sweepSets: `DELETE FROM chunks WHERE rowid IN (
      SELECT rowid FROM chunks WHERE document_id = ? AND chunk_set != ? LIMIT ${DELETE_ROWS})`,
    firstTie: 0 as SqlValue,
  },
  postgres: {
    deleteOtherSets: `DELETE FROM chunks WHERE (id, chunk_set) IN (
      SELECT id, chunk_set FROM chunks WHERE document_id = ? AND chunk_set != ? LIMIT ${DELETE_ROWS})`,
    page: `SELECT ${COLUMNS}, id AS tie FROM chunks WHERE document_id = ? AND chunk_set = ?
      AND (idx > ? OR (idx = ? AND id > ?)) ORDER BY idx, id LIMIT ?`,
    pageInCollection: `SELECT ${COLUMNS}, id AS tie FROM chunks WHERE document_id = ? AND chunk_set = ?
      AND collection_id = ? AND (idx > ? OR (idx = ? AND id > ?)) ORDER BY idx, id LIMIT ?`,
    // Only sets below the current one: a set above it may be another instance's replacement in
    // progress (a crashed one's rows wait for the document's next replacement, which clears them).
    staleDocuments: `SELECT DISTINCT c.document_id AS id, d.chunk_set AS chunk_set
      FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.chunk_set < d.chunk_set`,
    sweepSets: `DELETE FROM chunks WHERE (id, chunk_set) IN (
      SELECT id, chunk_set FROM chunks WHERE document_id = ? AND chunk_set < ? LIMIT ${DELETE_ROWS})`,
    firstTie: '' as SqlValue,
  },
}

/** `INSERT INTO chunks ... VALUES (...), (...)` for `count` rows: at most WRITE_ROWS texts, each made once. */
const multiRowInserts = new Map<number, string>()
function insertRows(count: number): string {
  let sql = multiRowInserts.get(count)
  if (!sql) {
    const row = `(${Array.from({ length: COLUMNS.split(', ').length + 1 }, () => '?').join(', ')})`
    sql = `INSERT INTO chunks (${COLUMNS}, chunk_set) VALUES ${Array.from({ length: count }, () => row).join(', ')}`
    multiRowInserts.set(count, sql)
  }
  return sql
}

interface DocumentSet {
  id: string
  chunk_set: number
}

/**
 * Chunks over SQL, written and read in small steps so that a document of 100,000 chunks never holds
 * the server's thread (better-sqlite3 is synchronous: one transaction of all its rows blocked every
 * request for seconds).
 *
 * Each document's chunks are the rows of its current chunk set (`documents.chunk_set`, migration 6).
 * `replace` writes the next set in transactions of `WRITE_ROWS` with the event loop let run in
 * between (`timeSlicer`), then switches the document to it in one statement, then deletes the old set a slice at a
 * time. Readers only ever read the current set, so they see the old chunks until the switch and the
 * new ones after it, never half of them. How it fails: a crash before the switch leaves rows of a set
 * nobody reads (the document keeps its old chunks, and `processDocument` has not marked it
 * completed); a crash after it leaves the old set's rows. Either kind of leftover is deleted by the
 * document's next replacement and by `sweep` when the store opens (on PostgreSQL only sets below the
 * current one: a set above it may be another instance's replacement in progress). Replacements of one
 * document run
 * one after another; a document deleted meanwhile takes its rows with it (ON DELETE CASCADE) and the
 * replacement stops without storing anything.
 */
export class SqlChunks implements ChunkStore {
  private readonly replacing = new Map<string, Promise<void>>()

  private readonly dialectSql: (typeof DIALECT_SQL)['sqlite']

  constructor(private readonly driver: SqlDriver) {
    this.dialectSql = DIALECT_SQL[driver.dialect]
  }

  replaceChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    return this.inTurn(documentId, () => this.writeSet(documentId, chunks))
  }

  /**
   * Inserts the rows into the document's current set and raises its `chunks_added`, in one
   * transaction: a reader sees all of them or none, and the search index snapshot sees the document
   * changed. After any replacement of the document under way; nothing when it is gone.
   */
  addChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    return this.inTurn(documentId, async () => {
      const current = await this.currentSet(documentId)
      if (current === undefined || chunks.length === 0) return
      try {
        await this.driver.batch([
          ...this.inserts(chunks, current),
          { sql: SQL.chunksAdded, params: [documentId, current] },
        ])
      } catch (error) {
        // Deleted meanwhile: the insert fails its foreign key, and there is nothing to add to.
        if ((await this.currentSet(documentId)) === undefined) return
        throw error
      }
    })
  }

  /** Runs a write of the document's chunks after those under way for it (one at a time per document). */
  private inTurn(documentId: string, write: () => Promise<void>): Promise<void> {
    const previous = this.replacing.get(documentId) ?? Promise.resolve()
    const run = previous.then(write)
    const settled = run.catch(() => undefined)
    this.replacing.set(documentId, settled)
    void settled.then(() => {
      if (this.replacing.get(documentId) === settled) this.replacing.delete(documentId)
    })
    return run
  }

  /**
   * Chunks in document order (documents by `created_at`, then `idx`), read a page at a time with the
   * event loop let run in between. A document whose chunks are replaced while it is being read is
   * read again, so the list holds each document's chunks from one set.
   */
  async listChunks(filter: ChunkFilter = {}): Promise<ChunkRecord[]> {
    const documents =
      filter.documentId !== undefined
        ? await this.driver.all<DocumentSet>('SELECT id, chunk_set FROM documents WHERE id = ?', [
            filter.documentId,
          ])
        : filter.collectionId !== undefined
          ? await this.driver.all<DocumentSet>(SQL.collectionDocumentsInOrder, [filter.collectionId])
          : await this.driver.all<DocumentSet>(SQL.documentsInOrder)
    const chunks: ChunkRecord[] = []
    const slice = timeSlicer()
    const limit = filter.limit ?? Infinity
    for (const document of documents) {
      if (chunks.length >= limit) break
      let set: number | undefined = document.chunk_set
      for (;;) {
        const read = await this.readSet(document.id, set, filter.collectionId, slice, limit - chunks.length)
        const now = await this.currentSet(document.id)
        if (now === set) {
          chunks.push(...read)
          break
        }
        if (now === undefined) break // deleted meanwhile: it has no chunks
        set = now
      }
      await slice()
    }
    return chunks
  }

  /** The chunks with these ids, of each document's current set (ids of other sets are not chunks). */
  async getChunks(ids: readonly string[]): Promise<ChunkRecord[]> {
    const rows: ChunkRow[] = []
    // SQLite caps bound parameters (32,766 by default); top_k is at most 50, but callers may ask more.
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500)
      rows.push(
        ...(await this.driver.all<ChunkRow>(
          `SELECT ${LIVE_COLUMNS} FROM chunks c JOIN documents d
             ON d.id = c.document_id AND d.chunk_set = c.chunk_set
           WHERE c.id IN (${part.map(() => '?').join(', ')})`,
          [...part],
        )),
      )
    }
    return rows.map(fromChunkRow)
  }

  chunkVectors(ids: readonly string[]): Promise<ChunkVector[]> {
    return readChunkVectors(this.driver, ids)
  }

  /** The columns of the documents' rows (migration 9), 500 ids a statement: no chunk row is read. */
  async documentOpenings(documentIds: readonly string[]): Promise<Map<string, DocumentOpening>> {
    const openings = new Map<string, DocumentOpening>()
    for (let i = 0; i < documentIds.length; i += 500) {
      const part = documentIds.slice(i, i + 500)
      const rows = await this.driver.all<{
        id: string
        opening: string
        opening_paged: number | string | null
      }>(
        `SELECT id, opening, opening_paged FROM documents
          WHERE opening IS NOT NULL AND id IN (${part.map(() => '?').join(', ')})`,
        [...part],
      )
      for (const row of rows)
        openings.set(row.id, { text: row.opening, paged: Number(row.opening_paged) === 1 })
    }
    return openings
  }

  /** Only where the column is still NULL: a replacement's switch sets it, and it wins. */
  async keepOpenings(openings: ReadonlyMap<string, DocumentOpening>): Promise<void> {
    if (openings.size === 0) return
    await this.driver.batch(
      [...openings].map(([id, { text, paged }]) => ({
        sql: SQL.keepOpening,
        params: [text, paged ? 1 : 0, id],
      })),
    )
  }

  /**
   * Deletes the rows of every set no document reads (left by a stop in the middle of a replacement).
   * Call at open.
   */
  async sweep(): Promise<void> {
    const { staleDocuments, sweepSets } = this.dialectSql
    for (const document of await this.driver.all<DocumentSet>(staleDocuments)) {
      await this.deleteSets(sweepSets, document.id, document.chunk_set)
    }
  }

  private async writeSet(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    const opening = documentOpening(chunks)
    const current = await this.currentSet(documentId)
    if (current === undefined) return
    const next = current + 1
    // Rows of a replacement that never switched (set `next` among them) are nobody's: clear them first.
    await this.deleteOtherSets(documentId, current)
    const slice = timeSlicer()
    try {
      for (let start = 0; start < chunks.length; start += WRITE_ROWS) {
        await slice()
        await this.driver.batch(this.inserts(chunks.slice(start, start + WRITE_ROWS), next))
      }
    } catch (error) {
      // A document deleted between two batches fails the next insert's foreign key: nothing to store.
      if ((await this.currentSet(documentId)) === undefined) return
      throw error
    }
    const { changes } = await this.driver.run(SQL.switchSet, [
      next,
      opening.text,
      opening.paged ? 1 : 0,
      documentId,
      current,
    ])
    if (changes === 0) return
    await this.deleteOtherSets(documentId, next)
  }

  /**
   * The statements that insert these rows into set `set`. SQLite: the one prepared insert per row (in
   * process, each costs microseconds). PostgreSQL: one multi-row insert, because there each statement
   * is a round trip to the server (5,000 chunks took 1.2 s a row at a time, 0.56 s so, measured here).
   */
  private inserts(chunks: readonly ChunkRecord[], set: number): Array<{ sql: string; params: SqlValue[] }> {
    const rows = chunks.map((chunk) => [...toChunkParams(chunk), toChunkMetadata(chunk), set])
    if (this.driver.dialect === 'sqlite') return rows.map((params) => ({ sql: SQL.insert, params }))
    return [{ sql: insertRows(rows.length), params: rows.flat() }]
  }

  private async currentSet(documentId: string): Promise<number | undefined> {
    return (await this.driver.get<{ chunk_set: number }>(SQL.chunkSet, [documentId]))?.chunk_set
  }

  private async readSet(
    documentId: string,
    set: number,
    collectionId: string | undefined,
    slice: () => Promise<void>,
    limit: number,
  ): Promise<ChunkRecord[]> {
    const chunks: ChunkRecord[] = []
    const { page, pageInCollection, firstTie } = this.dialectSql
    let after: { idx: number; tie: SqlValue } = { idx: Number.MIN_SAFE_INTEGER, tie: firstTie }
    for (;;) {
      const rowsWanted = Math.min(READ_ROWS, limit - chunks.length)
      if (rowsWanted <= 0) return chunks
      const keyset: SqlValue[] = [after.idx, after.idx, after.tie, rowsWanted]
      const rows =
        collectionId === undefined
          ? await this.driver.all<ChunkRow & { tie: SqlValue }>(page, [documentId, set, ...keyset])
          : await this.driver.all<ChunkRow & { tie: SqlValue }>(pageInCollection, [
              documentId,
              set,
              collectionId,
              ...keyset,
            ])
      for (const row of rows) chunks.push(fromChunkRow(row))
      const last = rows.at(-1)
      if (rows.length < rowsWanted || !last) return chunks
      after = { idx: last.idx, tie: last.tie }
      await slice()
    }
  }

  /** Deletes the document's rows outside set `keep`, `DELETE_ROWS` per statement, sliced. */
  private deleteOtherSets(documentId: string, keep: number): Promise<void> {
    return this.deleteSets(this.dialectSql.deleteOtherSets, documentId, keep)
  }

  /** Runs a cut delete of the document's rows (`sql` with the document and a set) until it is done. */
  private async deleteSets(sql: string, documentId: string, set: number): Promise<void> {
    const slice = timeSlicer()
    for (;;) {
      const { changes } = await this.driver.run(sql, [documentId, set])
      if (changes < DELETE_ROWS) return
      await slice()
    }
  }
}
