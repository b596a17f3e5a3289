import type { Collection, CollectionPatch, NewCollection } from '../../core/store/Collection'
import type { Store } from '../../core/store/Store'
import { QuireDatabase, type CollectionRow } from './QuireDatabase'

/** The Store port over IndexedDB (Dexie). Runs in the API worker, which owns the database. */
export class DexieStore implements Store {
  constructor(private readonly db: QuireDatabase = new QuireDatabase()) {}

  async createCollection(input: NewCollection): Promise<Collection> {
    const collection: Collection = { ...input, document_count: 0 }
    // `add` (not `put`) so that the unique id index rejects a duplicate instead of overwriting.
    await this.db.collections.add({ ...collection })
    return collection
  }

  async listCollections(): Promise<Collection[]> {
    const rows = await this.db.collections.orderBy('[created_at+seq]').reverse().toArray()
    return rows.map(toCollection)
  }

  async getCollection(id: string): Promise<Collection | undefined> {
    const row = await this.db.collections.where('id').equals(id).first()
    return row && toCollection(row)
  }

  async updateCollection(id: string, patch: CollectionPatch): Promise<Collection | undefined> {
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
    return this.db.transaction('rw', this.db.collections, async () => {
      const count = await this.db.collections.where('id').equals(id).modify(changes)
      return count === 0 ? undefined : this.getCollection(id)
    })
  }

  async deleteCollection(id: string): Promise<boolean> {
    return (await this.db.collections.where('id').equals(id).delete()) > 0
  }

  async close(): Promise<void> {
    this.db.close()
  }
}

function toCollection(row: CollectionRow): Collection {
  const { seq: _seq, ...collection } = row
  return collection
}
