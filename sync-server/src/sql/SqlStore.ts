import type { Collection, CollectionPatch, NewCollection } from '../../../web/core/store/Collection'
import type { Store } from '../../../web/core/store/Store'
import type { SqlDriver, SqlValue } from './SqlDriver'

const COLUMNS = 'id, name, description, color, created_at, updated_at, document_count'
const PATCHABLE = ['name', 'description', 'color', 'updated_at'] as const

/** The Store port over SQL. Knows nothing about the database engine beyond the SqlDriver seam. */
export class SqlStore implements Store {
  constructor(private readonly driver: SqlDriver) {}

  async createCollection(input: NewCollection): Promise<Collection> {
    await this.driver.run(
      'INSERT INTO collections (id, name, description, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      [input.id, input.name, input.description, input.color, input.created_at, input.updated_at],
    )
    return { ...input, document_count: 0 }
  }

  listCollections(): Promise<Collection[]> {
    return this.driver.all<Collection>(
      `SELECT ${COLUMNS} FROM collections ORDER BY created_at DESC, seq DESC`,
    )
  }

  getCollection(id: string): Promise<Collection | undefined> {
    return this.driver.get<Collection>(`SELECT ${COLUMNS} FROM collections WHERE id = ?`, [id])
  }

  async updateCollection(id: string, patch: CollectionPatch): Promise<Collection | undefined> {
    // Only whitelisted column names ever reach the SQL text; values always go through parameters.
    const keys = PATCHABLE.filter((key) => patch[key] !== undefined)
    const values: SqlValue[] = keys.map((key) => patch[key] ?? null)
    const { changes } = await this.driver.run(
      `UPDATE collections SET ${keys.map((key) => `${key} = ?`).join(', ')} WHERE id = ?`,
      [...values, id],
    )
    return changes === 0 ? undefined : this.getCollection(id)
  }

  async deleteCollection(id: string): Promise<boolean> {
    const { changes } = await this.driver.run('DELETE FROM collections WHERE id = ?', [id])
    return changes > 0
  }

  close(): Promise<void> {
    return this.driver.close()
  }
}
