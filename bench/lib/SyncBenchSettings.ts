export interface SyncBenchSettings {
  /** Records device A creates for the first full sync (and pushes beside the documents). */
  records: number
  /** Fresh servers the first full sync of records is measured on; new devices per document case. */
  runs: number
  /** Timed single-field edits for the delay. */
  edits: number
  /** Records that exist before the edits start (the edits pick among them). */
  editRecords: number
  /** Processed documents in the account for the documents' first full sync. */
  documents: number
  /** Timed processed documents for the documents' change-to-arrival delay. */
  documentEdits: number
}

export const defaultSyncSettings: SyncBenchSettings = {
  records: 10_000,
  runs: 3,
  edits: 200,
  editRecords: 100,
  documents: 100,
  documentEdits: 20,
}
