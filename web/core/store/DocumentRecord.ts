export type DocumentStatus = 'pending' | 'processing' | 'completed' | 'failed'

/** A document as stored and as the API returns it (spec fields, plus live progress). */
export interface DocumentRecord {
  id: string
  /** Generated stored name, `doc_<short id>.<extension>`. */
  filename: string
  original_filename: string
  file_path: string
  file_size: number
  document_type: string
  collection_id: string
  status: DocumentStatus
  created_at: string
  processed_at: string | null
  metadata: Record<string, unknown>
  chunk_count: number
  /**
   * The current stage and percent while processing; null before and after. Also on a `completed`
   * document whose scanned pages are still read by OCR: stage `ocr` with those pages' count.
   */
  progress: { stage: string; percent: number; pages_done?: number; pages_total?: number } | null
}

/** Fields processing may change (the file's too: a followed folder's file changed, `replaceDocumentFile`). */
export type DocumentPatch = Partial<
  Pick<
    DocumentRecord,
    | 'status'
    | 'processed_at'
    | 'metadata'
    | 'chunk_count'
    | 'progress'
    | 'original_filename'
    | 'file_path'
    | 'file_size'
    | 'document_type'
  >
>

export interface DocumentFilter {
  collectionId?: string
  statuses?: readonly DocumentStatus[]
}
