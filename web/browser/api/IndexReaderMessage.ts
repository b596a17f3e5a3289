import type { StoredIndexRecords } from '../store/readStoredIndex'

/** What `indexReaderWorker` posts to the API worker, once. */
export interface IndexReaderMessage {
  /** Undefined where nothing could be read early (the ordinary reads happen instead). */
  records: StoredIndexRecords | undefined
  /** The snapshot's first bytes (`firstReadEnd`), where they were read. */
  start?: Uint8Array
}
