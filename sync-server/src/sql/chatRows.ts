import type { ChatMessage, ChatRole } from '../../../web/core/store/ChatMessage'
import type { SqlValue } from './SqlDriver'

/** Chat messages as SQL rows: metadata as JSON text. Sessions need no mapping (their row is the record). */
export interface ChatMessageRow {
  id: string
  session_id: string
  role: string
  content: string
  metadata: string
  created_at: string
  collection_id: string | null
}

/** In the column order of `CHAT_MESSAGE_COLUMNS`. */
export function toChatMessageParams(message: ChatMessage): SqlValue[] {
  return [
    message.id,
    message.session_id,
    message.role,
    message.content,
    JSON.stringify(message.metadata),
    message.created_at,
    message.collection_id,
  ]
}

export const CHAT_MESSAGE_COLUMNS = 'id, session_id, role, content, metadata, created_at, collection_id'

export function fromChatMessageRow(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    session_id: row.session_id,
    role: row.role as ChatRole,
    content: row.content,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    created_at: row.created_at,
    collection_id: row.collection_id,
  }
}
