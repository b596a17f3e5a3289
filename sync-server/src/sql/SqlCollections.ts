import type { Collection, CollectionPatch, NewCollection } from '../../../web/core/store/Collection'
import type { CollectionStore } from '../../../web/core/store/CollectionStore'
import type { SqlDriver, SqlValue } from './SqlDriver'

const COLLECTION_COLUMNS = `id, name, description, color, created_at, updated_at,
  (SELECT COUNT(*) FROM documents d WHERE d.collection_id = collections.id) AS document_count,
  (SELECT COUNT(*) FROM documents d WHERE d.collection_id = collections.id AND d.status = 'completed') AS processed_count`
const PATCHABLE_COLLECTION = ['name', 'description', 'color', 'updated_at'] as const

/** The collections of the Store port over SQL. */
export class SqlCollections implements CollectionStore {
  constructor(private readonly driver: SqlDriver) {}

  async createCollection(input: NewCollection): Promise<Collection> {
    await this.driver.run(
      'INSERT INTO collections (id, name, description, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      [input.id, input.name, input.description, input.color, input.created_at, input.updated_at],
    )
    return { ...input, document_count: 0, processed_count: 0 }
  }

  listCollections(): Promise<Collection[]> {
    return this.driver.all<Collection>(
      `SELECT ${COLLECTION_COLUMNS} FROM collections ORDER BY created_at DESC, seq DESC`,
    )
  }

  getCollection(id: string): Promise<Collection | undefined> {
    return this.driver.get<Collection>(`SELECT ${COLLECTION_COLUMNS} FROM collections WHERE id = ?`, [id])
  }

  async updateCollection(id: string, patch: CollectionPatch): Promise<Collection | undefined> {
    // Only whitelisted column names ever reach the SQL text; values always go through parameters.
    const keys = PATCHABLE_COLLECTION.filter((key) => patch[key] !== undefined)
    const values: SqlValue[] = keys.map((key) => patch[key] ?? null)
    const { changes } = await this.driver.run(
      `UPDATE collections SET ${keys.map((key) => `${key} = ?`).join(', ')} WHERE id = ?`,
      [...values, id],
    )
    return changes === 0 ? undefined : this.getCollection(id)
  }

  async deleteCollection(id: string): Promise<boolean> {
    // Documents, chunks, evaluation runs with their results and state go with it (ON DELETE CASCADE);
    // chat sessions and messages stay, their collection_id set to null (ON DELETE SET NULL).
    const { changes } = await this.driver.run('DELETE FROM collections WHERE id = ?', [id])
    return changes > 0
  }
}
