import { parseHlc } from '../../../web/core/sync/Hlc'
import { SerialQueue } from '../../../web/core/sync/SerialQueue'
import type { SyncServerStore } from '../../../web/core/sync/SyncServer'
import type { SyncRecord } from '../../../web/core/sync/SyncRecord'
import type { SqlDriver, SqlValue } from './SqlDriver'

interface MetaRow {
  latest_seq: number
  horizon: number
  max_hlc: string
}

/** The highest stamp a record carries (fields, tombstone, kept losers); '' when it has none. */
function highestStampOf(record: SyncRecord): string {
  let highest = record.deleted?.hlc ?? ''
  for (const stamp of Object.values(record.fields)) if (stamp.hlc > highest) highest = stamp.hlc
  for (const conflict of record.conflicts) if (conflict.hlc > highest) highest = conflict.hlc
  return highest
}

/** The wall time of a record's delete, or null while it is live (compaction looks only at these). */
function tombstoneWall(record: SyncRecord): number | null {
  return record.deleted?.value === true ? parseHlc(record.deleted.hlc).wall : null
}

/**
 * A record's write: the seq and the record change together (one batch, one transaction), so a crash
 * leaves either both or neither, never a record whose seq was handed out twice or a log position
 * without its record. The meta row is updated first (see SqlSyncStore on the order of commits).
 */
function putStatements(record: SyncRecord): Array<{ sql: string; params: SqlValue[] }> {
  const stamp = highestStampOf(record)
  return [
    {
      // CASE rather than SQLite's two-argument MAX (PostgreSQL's is GREATEST): both read it.
      sql: `UPDATE sync_meta SET latest_seq = latest_seq + 1,
            max_hlc = CASE WHEN max_hlc > ? THEN max_hlc ELSE ? END WHERE id = 1`,
      params: [stamp, stamp],
    },
    {
      sql: `INSERT INTO sync_records (kind, id, record, seq, tombstone_wall)
            VALUES (?, ?, ?, (SELECT latest_seq FROM sync_meta WHERE id = 1), ?)
            ON CONFLICT (kind, id) DO UPDATE
            SET record = excluded.record, seq = excluded.seq, tombstone_wall = excluded.tombstone_wall`,
      params: [record.kind, record.id, JSON.stringify(record), tombstoneWall(record)],
    },
  ]
}

/**
 * One person's sync log in their own database (migration 5): each record once, at its latest seq, so
 * `changesAfter` is an index range. Writes (put, compact) run one at a time in this process.
 *
 * Across instances (PostgreSQL) writes commit in seq order: a put's first statement updates the one
 * sync_meta row, whose row lock it holds until it commits, so the next put waits there before it
 * takes its seq. Without that, seq 8 could commit before seq 7, and a pull in between would move its
 * cursor past 7 for good. The row is the person's own (their schema): people never wait on each other.
 * The seq a put returns is read after its commit, so with other instances writing it may be a later
 * one; it is only announced to event streams, for which a later committed seq is as good.
 */
export class SqlSyncStore implements SyncServerStore {
  private readonly writes = new SerialQueue()

  constructor(private readonly driver: SqlDriver) {}

  async getRecord(kind: string, id: string): Promise<SyncRecord | undefined> {
    const row = await this.driver.get<{ record: string }>(
      'SELECT record FROM sync_records WHERE kind = ? AND id = ?',
      [kind, id],
    )
    return row && (JSON.parse(row.record) as SyncRecord)
  }

  /**
   * The seq and the record change in one transaction: a crash leaves either both or neither, never a
   * record whose seq was handed out twice or a log position without its record.
   */
  putRecord(record: SyncRecord): Promise<number> {
    const statements = putStatements(record)
    return this.writes.run(async () => {
      await this.driver.batch(statements)
      return this.latestSeq()
    })
  }

  /**
   * A push: its records, each with its seq, and the client's applied counter in one transaction, so
   * a database crash part way (PostgreSQL killed under a push) leaves none of it, never part of the
   * batch logged with the counter behind it.
   */
  putPushed(records: readonly SyncRecord[], clientId: string, counter: number): Promise<number> {
    const statements = [
      ...records.flatMap(putStatements),
      {
        sql: `INSERT INTO sync_clients (client_id, applied_counter) VALUES (?, ?)
              ON CONFLICT (client_id) DO UPDATE SET applied_counter = excluded.applied_counter`,
        params: [clientId, counter],
      },
    ]
    return this.writes.run(async () => {
      await this.driver.batch(statements)
      return this.latestSeq()
    })
  }

  async appliedCounter(clientId: string): Promise<number> {
    const row = await this.driver.get<{ applied_counter: number }>(
      'SELECT applied_counter FROM sync_clients WHERE client_id = ?',
      [clientId],
    )
    return row?.applied_counter ?? 0
  }

  async setAppliedCounter(clientId: string, counter: number): Promise<void> {
    await this.driver.run(
      `INSERT INTO sync_clients (client_id, applied_counter) VALUES (?, ?)
       ON CONFLICT (client_id) DO UPDATE SET applied_counter = excluded.applied_counter`,
      [clientId, counter],
    )
  }

  async changesAfter(after: number, limit: number): Promise<Array<{ seq: number; record: SyncRecord }>> {
    const rows = await this.driver.all<{ seq: number; record: string }>(
      'SELECT seq, record FROM sync_records WHERE seq > ? ORDER BY seq LIMIT ?',
      [after, limit],
    )
    return rows.map((row) => ({ seq: row.seq, record: JSON.parse(row.record) as SyncRecord }))
  }

  async latestSeq(): Promise<number> {
    return (await this.meta()).latest_seq
  }

  async horizon(): Promise<number> {
    return (await this.meta()).horizon
  }

  /**
   * The highest stamp ever stored (compaction does not lower it), or undefined for an empty log: the
   * server's clock receives it at start, so it never judges drift from behind its own history.
   */
  async highestStamp(): Promise<string | undefined> {
    return (await this.meta()).max_hlc || undefined
  }

  /** The stored records of these sync kinds, in log order (the secret scrub at open reads a few kinds). */
  async recordsOfKinds(kinds: readonly string[]): Promise<SyncRecord[]> {
    if (kinds.length === 0) return []
    const rows = await this.driver.all<{ record: string }>(
      `SELECT record FROM sync_records WHERE kind IN (${kinds.map(() => '?').join(', ')}) ORDER BY seq`,
      [...kinds],
    )
    return rows.map((row) => JSON.parse(row.record) as SyncRecord)
  }

  /** Every stored record, live or tombstoned, in log order (tests, checks). */
  async allRecords(): Promise<SyncRecord[]> {
    const rows = await this.driver.all<{ record: string }>('SELECT record FROM sync_records ORDER BY seq')
    return rows.map((row) => JSON.parse(row.record) as SyncRecord)
  }

  /**
   * Drops records deleted longer than `retentionMs` before `nowMs` (by the tombstone's stamp) and
   * raises the horizon to the highest dropped seq, in one transaction. Clients whose cursor is below
   * the horizon are told to resync. Returns the dropped records.
   */
  compact(retentionMs: number, nowMs: number): Promise<SyncRecord[]> {
    const cutoff = nowMs - retentionMs
    return this.writes.run(async () => {
      const rows = await this.driver.all<{ kind: string; id: string; seq: number; record: string }>(
        'SELECT kind, id, seq, record FROM sync_records WHERE tombstone_wall < ? ORDER BY seq',
        [cutoff],
      )
      const last = rows.at(-1)
      if (!last) return []
      // The meta row first, as a put takes it (one lock order: no deadlock with another instance's
      // put), and each row only at the seq read: one another instance wrote since is not a tombstone.
      await this.driver.batch([
        {
          sql: 'UPDATE sync_meta SET horizon = CASE WHEN horizon > ? THEN horizon ELSE ? END WHERE id = 1',
          params: [last.seq, last.seq],
        },
        ...rows.map((row) => ({
          sql: 'DELETE FROM sync_records WHERE kind = ? AND id = ? AND seq = ?',
          params: [row.kind, row.id, row.seq],
        })),
      ])
      return rows.map((row) => JSON.parse(row.record) as SyncRecord)
    })
  }

  private async meta(): Promise<MetaRow> {
    const row = await this.driver.get<MetaRow>(
      'SELECT latest_seq, horizon, max_hlc FROM sync_meta WHERE id = 1',
    )
    // Migration 5 inserts the row; without it the database was changed by hand.
    if (!row) throw new Error('sync_meta is empty: the sync tables were not migrated')
    return row
  }
}
