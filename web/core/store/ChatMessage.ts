export type ChatRole = 'user' | 'assistant' | 'system'

/** One message of a chat session, as stored and as the API returns it. */
export interface ChatMessage {
  id: string
  session_id: string
  role: ChatRole
  content: string
  /**
   * Empty for user messages; intent, sources and timings for assistant replies. Stored as JSON, so
   * it must be JSON-serialisable: what JSON drops (undefined values, functions) does not come back.
   */
  metadata: Record<string, unknown>
  created_at: string
  /** The collection the message was answered from; null when none, or once that collection is deleted. */
  collection_id: string | null
}
