/** A chat session as stored and as the API returns it (field names follow the spec). */
export interface ChatSession {
  id: string
  name: string
  /** The session's default collection; null when it has none or its collection was deleted. */
  collection_id: string | null
  created_at: string
  /** Moves to the `created_at` of each message added, so the session with the latest message lists first. */
  updated_at: string
  /** Messages in the session; derived by the store, never stored. */
  message_count: number
}

/** What creating a session takes; `updated_at` starts equal to `created_at`. */
export interface NewChatSession {
  id: string
  name: string
  collection_id: string | null
  created_at: string
}

/** Fields an update may change; `updated_at` is always set by the caller. `collection_id: null` clears it. */
export interface ChatSessionPatch {
  name?: string
  collection_id?: string | null
  updated_at: string
}
