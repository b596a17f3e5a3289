/** A collection as stored and as the API returns it (field names follow the spec). */
export interface Collection {
  id: string
  name: string
  description: string
  color: string | null
  created_at: string
  updated_at: string
  /** Completed documents in the collection; maintained by the store. */
  document_count: number
}

export type NewCollection = Omit<Collection, 'document_count'>

/** Fields a PUT may change; `updated_at` is always set by the caller. */
export interface CollectionPatch {
  name?: string
  description?: string
  color?: string | null
  updated_at: string
}
