import type { ChatMessage } from './ChatMessage'
import type { ChatSession, ChatSessionPatch, NewChatSession } from './ChatSession'

/** Chat sessions and their messages. A sub-port of Store (see Store.ts). */
export interface ChatStore {
  /**
   * Inserts a session with `message_count` 0 and `updated_at` equal to `created_at`. Rejects a duplicate
   * id and a `collection_id` naming no collection.
   */
  createSession(input: NewChatSession): Promise<ChatSession>
  /** By `updated_at`, newest first; ties: the session inserted last first. */
  listSessions(): Promise<ChatSession[]>
  getSession(id: string): Promise<ChatSession | undefined>
  /**
   * Applies the patch; resolves `undefined` when the session does not exist. Rejects a `collection_id`
   * naming no collection.
   */
  updateSession(id: string, patch: ChatSessionPatch): Promise<ChatSession | undefined>
  /** Deletes the session and all its messages; resolves false when it did not exist. */
  deleteSession(id: string): Promise<boolean>
  /**
   * Stores a message and sets its session's `updated_at` to the message's `created_at`, both or
   * neither. Rejects an unknown session, a duplicate id and a `collection_id` naming no collection.
   */
  addMessage(message: ChatMessage): Promise<ChatMessage>
  /**
   * `addMessage` of each, in order, all or none: a chat turn's question and answer are stored together
   * (one transaction, where two cost the page a chat turn's 15-30 ms). Resolves the messages.
   */
  addMessages(messages: readonly ChatMessage[]): Promise<ChatMessage[]>
  /**
   * The latest `limit` messages of the session, returned oldest first (by `created_at`, ties in
   * insertion order). An unknown session has none.
   */
  listMessages(sessionId: string, options: { limit: number }): Promise<ChatMessage[]>
}
