import Dexie, { type EntityTable } from 'dexie'
import type { ChunkRecord } from '../../core/store/ChunkRecord'
import type { Collection } from '../../core/store/Collection'
import type { DocumentRecord } from '../../core/store/DocumentRecord'

/** Rows carry an auto-increment `seq` that breaks ties between equal `created_at` values. */
export type CollectionRow = Omit<Collection, 'document_count'> & { seq?: number }
export type DocumentRow = DocumentRecord & { seq?: number }

/**
 * The browser's IndexedDB schema. Versions only ever go up: a change is a new `version(n)` with an
 * upgrade function, never an edit of a released one (the same rule as the server's migrations).
 */
export class QuireDatabase extends Dexie {
  collections!: EntityTable<CollectionRow, 'seq'>
  documents!: EntityTable<DocumentRow, 'seq'>
  chunks!: EntityTable<ChunkRecord, 'id'>
  files!: EntityTable<{ key: string; bytes: Uint8Array }, 'key'>

  constructor(name = 'quire', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options)
    this.version(1).stores({ collections: '++seq, &id, [created_at+seq]' })
    // document_count is derived from documents from version 2 on; stored counts are dropped.
    this.version(2)
      .stores({
        documents: '++seq, &id, collection_id, [collection_id+status], status, [created_at+seq]',
        chunks: 'id, document_id, collection_id, [document_id+index]',
      })
      .upgrade((tx) =>
        tx
          .table('collections')
          .toCollection()
          .modify((row: Record<string, unknown>) => {
            delete row.document_count
          }),
      )
    this.version(3).stores({ files: 'key' })
  }
}
