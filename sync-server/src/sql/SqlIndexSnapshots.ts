import { decodeIndexSnapshot } from '../../../web/core/retrieve/snapshot/decodeIndexSnapshot'
import type { IndexSnapshot } from '../../../web/core/retrieve/snapshot/IndexSnapshot'
import type {
  IndexSnapshotStore,
  VersionedChunkIds,
  VersionedChunks,
} from '../../../web/core/retrieve/snapshot/IndexSnapshotStore'
import type { Store } from '../../../web/core/store/Store'
import { timeSlicer } from '../../../web/core/kernel/time/timeSlicer'
import type { SqlDriver } from './SqlDriver'

/**
 * Bytes per stored part of a snapshot: a few MB per row and statement, since one big value hurts
 * both stores (PostgreSQL's bytea goes through memory whole, several times; SQLite's single write
 * of 100 MB holds the thread). A 100k-chunk index is some tens of parts.
 */
export const SNAPSHOT_PART_BYTES = 4 * 1024 * 1024

/** Parts of a snapshot read from PostgreSQL at once. */
const READ_WIDTH = 4

/** A changing document is read again at most this many times before the load gives up on it. */
const READ_ATTEMPTS = 5

interface Header {
  generation: number | string
  parts: number | string
  bytes: number | string
}

/**
 * The search index snapshot in the person's own database (migration 8), SQLite or PostgreSQL alike:
 * the parts of a generation in `index_snapshot_parts`, and one header row in `index_snapshot` naming
 * the current generation. A write stores the next generation's parts one statement at a time, then
 * switches the header in one statement, then deletes the old parts: a reader sees one whole snapshot
 * or the other, and a write interrupted by a stop leaves parts nobody reads (deleted by the next
 * write). Document versions are `documents.seq` (never reused), `chunk_set` (see SqlChunks) and
 * `chunks_added` (migration 10).
 */
export class SqlIndexSnapshots implements IndexSnapshotStore {
  constructor(
    private readonly driver: SqlDriver,
    /** The person's store, for their chunks (read a page at a time, see SqlChunks). */
    private readonly store: Pick<Store, 'chunks'>,
    /** Bytes per part (tests use small ones). */
    private readonly partBytes = SNAPSHOT_PART_BYTES,
  ) {}

  async documentVersions(): Promise<Map<string, string>> {
    const rows = await this.driver.all<VersionRow & { id: string }>(
      'SELECT id, seq, chunk_set, chunks_added FROM documents',
    )
    return new Map(rows.map((row) => [row.id, versionOf(row)]))
  }

  /**
   * The version read before and after the chunks: when both agree, the chunks are of that version
   * (chunk sets only grow, and `SqlChunks.list` reads one set whole), else it reads again.
   */
  async documentChunks(documentId: string): Promise<VersionedChunks | undefined> {
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
      const before = await this.version(documentId)
      if (before === undefined) return undefined
      const chunks = await this.store.chunks.listChunks({ documentId })
      const after = await this.version(documentId)
      if (after === before) return { version: before, chunks }
    }
    throw new Error(`Document ${documentId} kept changing while its chunks were read`)
  }

  /** The ids of the document's current chunk set, read between two reads of its version as above. */
  async documentChunkIds(documentId: string): Promise<VersionedChunkIds | undefined> {
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
      const before = await this.version(documentId)
      if (before === undefined) return undefined
      const rows = await this.driver.all<{ id: string }>(
        `SELECT c.id AS id FROM chunks c JOIN documents d ON d.id = c.document_id
          WHERE c.document_id = ? AND c.chunk_set = d.chunk_set`,
        [documentId],
      )
      const after = await this.version(documentId)
      if (after === before) return { version: before, ids: rows.map((row) => row.id) }
    }
    throw new Error(`Document ${documentId} kept changing while its chunk ids were read`)
  }

  async readSnapshot(): Promise<IndexSnapshot | undefined> {
    const bytes = await this.readSnapshotBytes()
    return bytes && decodeIndexSnapshot(bytes)
  }

  /**
   * The snapshot's bytes, whole (`readSnapshot` decodes them: a server reads its snapshot in a few
   * tenths of a second, and keeps it in memory until its rows are decoded when idle).
   *
   * The parts' lengths first (one statement), then the parts, each straight into its place. On
   * PostgreSQL `READ_WIDTH` parts are read at once: the server encodes one while this process
   * decodes another (a 100k-chunk snapshot: 1.2-1.5 s one at a time, 0.7-0.8 s four at a time).
   * SQLite's reads are synchronous anyway, one at a time with the event loop let run between.
   */
  async readSnapshotBytes(): Promise<Uint8Array | undefined> {
    const width = this.driver.dialect === 'postgres' ? READ_WIDTH : 1
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
      const header = await this.header()
      if (!header) return undefined
      const generation = Number(header.generation)
      const parts = Number(header.parts)
      const bytes = new Uint8Array(Number(header.bytes))
      const lengths = (
        await this.driver.all<{ part: number | string; length: number | string }>(
          'SELECT part, length(bytes) AS length FROM index_snapshot_parts WHERE generation = ? ORDER BY part',
          [generation],
        )
      ).map((row, i) => (Number(row.part) === i ? Number(row.length) : -1))
      const offsets: number[] = []
      let found = 0
      for (const length of lengths) {
        offsets.push(found)
        found += length
      }
      // Gone or short: another instance wrote a newer snapshot and deleted this one meanwhile (read
      // that one), or a part is missing.
      let complete = lengths.length === parts && !lengths.includes(-1) && found === bytes.length
      let read = 0
      const slice = timeSlicer()
      let next = 0
      const reader = async () => {
        while (complete && next < parts) {
          const part = next++
          const length = await this.readPart(generation, part, bytes, offsets[part]!)
          if (length !== lengths[part]) complete = false
          else read += lengths[part]!
          await slice()
        }
      }
      await Promise.all(Array.from({ length: width }, reader))
      if (complete && read === bytes.length) return bytes
      if (Number((await this.header())?.generation) === generation) {
        throw new RangeError(`snapshot generation ${generation} has ${found} of its ${bytes.length} bytes`)
      }
    }
    return undefined
  }

  async writeSnapshot(bytes: Uint8Array): Promise<void> {
    const current = await this.header()
    const generation = Number(current?.generation ?? 0) + 1
    // Parts of a write that never switched (a stop in the middle) are nobody's.
    await this.driver.run('DELETE FROM index_snapshot_parts WHERE generation >= ?', [generation])
    const slice = timeSlicer()
    let parts = 0
    for (let offset = 0; offset < bytes.length || parts === 0; offset += this.partBytes) {
      await slice()
      await this.driver.run('INSERT INTO index_snapshot_parts (generation, part, bytes) VALUES (?, ?, ?)', [
        generation,
        parts++,
        bytes.subarray(offset, offset + this.partBytes),
      ])
    }
    // The switch: one statement. Another writer's switch in between loses to this one (last wins).
    await this.driver.run(
      `INSERT INTO index_snapshot (id, generation, parts, bytes, written_at) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET generation = excluded.generation, parts = excluded.parts,
         bytes = excluded.bytes, written_at = excluded.written_at`,
      [generation, parts, bytes.length, new Date().toISOString()],
    )
    await this.driver.run('DELETE FROM index_snapshot_parts WHERE generation != ?', [generation])
  }

  /**
   * Reads one part into `into` at `offset`: how many bytes it had, or undefined when it is gone or
   * would not fit. PostgreSQL's are asked for as base64: pg reads bytea in its text form, hex, twice
   * the bytes on the wire and a hex decode (a 119 MB snapshot: 1.2 s), and its binary results decode
   * every field as a UTF-8 string (2.3 s); base64 is a third more bytes, decoded natively straight
   * into place (0.6 s). SQLite hands the BLOB over as is.
   */
  private async readPart(
    generation: number,
    part: number,
    into: Uint8Array,
    offset: number,
  ): Promise<number | undefined> {
    const where = 'FROM index_snapshot_parts WHERE generation = ? AND part = ?'
    if (this.driver.dialect === 'postgres') {
      const row = await this.driver.get<{ base64: string; length: number | string }>(
        `SELECT encode(bytes, 'base64') AS base64, length(bytes) AS length ${where}`,
        [generation, part],
      )
      if (!row) return undefined
      const length = Number(row.length)
      if (offset + length > into.length) return undefined
      return Buffer.from(into.buffer, into.byteOffset + offset, length).write(row.base64, 'base64')
    }
    const row = await this.driver.get<{ bytes: Uint8Array }>(`SELECT bytes ${where}`, [generation, part])
    if (!row || offset + row.bytes.length > into.length) return undefined
    into.set(row.bytes, offset)
    return row.bytes.length
  }

  private header(): Promise<Header | undefined> {
    return this.driver.get<Header>('SELECT generation, parts, bytes FROM index_snapshot WHERE id = 1')
  }

  private async version(documentId: string): Promise<string | undefined> {
    const row = await this.driver.get<VersionRow>(
      'SELECT seq, chunk_set, chunks_added FROM documents WHERE id = ?',
      [documentId],
    )
    return row && versionOf(row)
  }
}

interface VersionRow {
  seq: number | string
  chunk_set: number | string
  chunks_added: number | string
}

/**
 * A document's version: `seq:chunk_set`, and `+n` after chunks were added to that set n times
 * (`SqlChunks.addChunks`), so versions recorded before additions existed read the same.
 */
function versionOf(row: VersionRow): string {
  const added = Number(row.chunks_added)
  return `${row.seq}:${row.chunk_set}${added > 0 ? `+${added}` : ''}`
}
