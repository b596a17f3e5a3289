import type { RecordStore } from '../../../web/core/store/RecordStore'
import type { RecordWrite, StoredRecord } from '../../../web/core/store/StoredRecord'
import type { SqlDriver } from './SqlDriver'

interface RecordRow {
  kind: string
  id: string
  parent_id: string | null
  data: string
  created_at: string
  updated_at: string
}

const COLUMNS = 'kind, id, parent_id, data, created_at, updated_at'
// A put keeps the row (and so its seq, the insertion order) when the record exists.
const UPSERT = `INSERT INTO records (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (kind, id) DO UPDATE SET parent_id = excluded.parent_id, data = excluded.data,
  created_at = excluded.created_at, updated_at = excluded.updated_at`

/** The platform records of the Store port (migration 4's `records` table). */
export class SqlRecords implements RecordStore {
  constructor(private readonly driver: SqlDriver) {}

  async getRecord(kind: string, id: string): Promise<StoredRecord | undefined> {
    const row = await this.driver.get<RecordRow>(`SELECT ${COLUMNS} FROM records WHERE kind = ? AND id = ?`, [
      kind,
      id,
    ])
    return row && fromRow(row)
  }

  async listRecords(kind: string, filter: { parentId?: string } = {}): Promise<StoredRecord[]> {
    const rows =
      filter.parentId === undefined
        ? await this.driver.all<RecordRow>(
            `SELECT ${COLUMNS} FROM records WHERE kind = ? ORDER BY created_at, seq`,
            [kind],
          )
        : await this.driver.all<RecordRow>(
            `SELECT ${COLUMNS} FROM records WHERE kind = ? AND parent_id = ? ORDER BY created_at, seq`,
            [kind, filter.parentId],
          )
    return rows.map(fromRow)
  }

  writeRecords(writes: readonly RecordWrite[]): Promise<void> {
    return this.driver.batch(
      writes.map((write) =>
        'put' in write
          ? {
              sql: UPSERT,
              params: [
                write.put.kind,
                write.put.id,
                write.put.parent_id,
                JSON.stringify(write.put.data),
                write.put.created_at,
                write.put.updated_at,
              ],
            }
          : {
              sql: 'DELETE FROM records WHERE kind = ? AND id = ?',
              params: [write.delete.kind, write.delete.id],
            },
      ),
    )
  }
}

function fromRow(row: RecordRow): StoredRecord {
  return { ...row, data: JSON.parse(row.data) as Record<string, unknown> }
}
