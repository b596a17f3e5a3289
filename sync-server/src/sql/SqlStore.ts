import type { Store } from '../../../web/core/store/Store'
import { SqlChatRecords } from './SqlChatRecords'
import { SqlChunks } from './SqlChunks'
import { SqlCollections } from './SqlCollections'
import { SqlDocuments } from './SqlDocuments'
import type { SqlDriver } from './SqlDriver'
import { SqlEvaluationRecords } from './SqlEvaluationRecords'
import { SqlRecords } from './SqlRecords'
import { SqlSettings } from './SqlSettings'

/**
 * The Store port over SQL: each sub-port is its own class over the same driver, handed out as it
 * is. Knows nothing about the database engine beyond the SqlDriver seam.
 */
export class SqlStore implements Store {
  readonly collections: SqlCollections
  readonly documents: SqlDocuments
  /** SqlChunks also has `sweep` (openSqlStore calls it at open). */
  readonly chunks: SqlChunks
  readonly chat: SqlChatRecords
  readonly evaluation: SqlEvaluationRecords
  readonly settings: SqlSettings
  readonly records: SqlRecords

  constructor(private readonly driver: SqlDriver) {
    this.collections = new SqlCollections(driver)
    this.documents = new SqlDocuments(driver)
    this.chunks = new SqlChunks(driver)
    this.chat = new SqlChatRecords(driver)
    this.evaluation = new SqlEvaluationRecords(driver)
    this.settings = new SqlSettings(driver)
    this.records = new SqlRecords(driver)
  }

  close(): Promise<void> {
    return this.driver.close()
  }
}
