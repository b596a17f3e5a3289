import Dexie, { type EntityTable } from 'dexie'
import type { Collection } from '../../core/store/Collection'

/** A collection row; `seq` (auto-increment) breaks ties between equal `created_at` values. */
export type CollectionRow = Collection & { seq?: number }

/**
 * The browser's IndexedDB schema. Versions only ever go up: a change is a new `version(n)` with an
 * upgrade function, never an edit of a released one (the same rule as the server's migrations).
 */
export class QuireDatabase extends Dexie {
  collections!: EntityTable<CollectionRow, 'seq'>

  constructor(name = 'quire', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options)
    this.version(1).stores({ collections: '++seq, &id, [created_at+seq]' })
  }
}
