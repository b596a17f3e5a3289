/** A collection as stored and as the API returns it (field names follow the spec). */
export interface Collection {
  id: string
  name: string
  description: string
  color: string | null
  created_at: string
  updated_at: string
  /** Every document in the collection, whatever its status; maintained by the store. */
  document_count: number
  /** The collection's documents whose processing completed (searchable); maintained by the store. */
  processed_count: number
}

/** What a store derives from the collection's documents. */
export type CollectionCounts = Pick<Collection, 'document_count' | 'processed_count'>

export type NewCollection = Omit<Collection, keyof CollectionCounts>

/** Fields a PUT may change; `updated_at` is always set by the caller. */
export interface CollectionPatch {
  name?: string
  description?: string
  color?: string | null
  updated_at: string
}
