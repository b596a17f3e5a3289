import type { ChatStore } from '../../../web/core/store/ChatStore'
import type { ChatMessage } from '../../../web/core/store/ChatMessage'
import type { ChatSession, ChatSessionPatch, NewChatSession } from '../../../web/core/store/ChatSession'
import {
  CHAT_MESSAGE_COLUMNS,
  fromChatMessageRow,
  toChatMessageParams,
  type ChatMessageRow,
} from './chatRows'
import type { SqlDriver } from './SqlDriver'

const SESSION_COLUMNS = `id, name, collection_id, created_at, updated_at,
  (SELECT COUNT(*) FROM chat_messages m WHERE m.session_id = chat_sessions.id) AS message_count`

// Constant SQL text only, so that the driver prepares each statement once and reuses it.
const SQL = {
  insertSession:
    'INSERT INTO chat_sessions (id, name, collection_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  listSessions: `SELECT ${SESSION_COLUMNS} FROM chat_sessions ORDER BY updated_at DESC, seq DESC`,
  getSession: `SELECT ${SESSION_COLUMNS} FROM chat_sessions WHERE id = ?`,
  // A flag parameter says whether collection_id is in the patch, since null is a value there.
  updateSession: `UPDATE chat_sessions SET name = COALESCE(?, name),
    collection_id = CASE WHEN ? THEN ? ELSE collection_id END, updated_at = ? WHERE id = ?`,
  deleteSession: 'DELETE FROM chat_sessions WHERE id = ?',
  insertMessage: `INSERT INTO chat_messages (${CHAT_MESSAGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  touchSession: 'UPDATE chat_sessions SET updated_at = ? WHERE id = ?',
  // The newest `limit` by (created_at, seq), turned back to oldest first.
  listMessages: `SELECT ${CHAT_MESSAGE_COLUMNS} FROM (
      SELECT seq, ${CHAT_MESSAGE_COLUMNS} FROM chat_messages WHERE session_id = ?
      ORDER BY created_at DESC, seq DESC LIMIT ?
    ) AS latest ORDER BY created_at, seq`,
} as const

/**
 * Chat sessions and messages over SQL, for SqlStore. Messages go with their session (ON DELETE
 * CASCADE); both lose their collection, not themselves, when it is deleted (ON DELETE SET NULL).
 */
export class SqlChatRecords implements ChatStore {
  constructor(private readonly driver: SqlDriver) {}

  async createSession(input: NewChatSession): Promise<ChatSession> {
    // A duplicate id or an unknown collection fails the UNIQUE or FOREIGN KEY constraint.
    await this.driver.run(SQL.insertSession, [
      input.id,
      input.name,
      input.collection_id,
      input.created_at,
      input.created_at,
    ])
    return { ...input, updated_at: input.created_at, message_count: 0 }
  }

  listSessions(): Promise<ChatSession[]> {
    return this.driver.all<ChatSession>(SQL.listSessions)
  }

  getSession(id: string): Promise<ChatSession | undefined> {
    return this.driver.get<ChatSession>(SQL.getSession, [id])
  }

  async updateSession(id: string, patch: ChatSessionPatch): Promise<ChatSession | undefined> {
    const { changes } = await this.driver.run(SQL.updateSession, [
      patch.name ?? null,
      patch.collection_id === undefined ? 0 : 1,
      patch.collection_id ?? null,
      patch.updated_at,
      id,
    ])
    return changes === 0 ? undefined : this.getSession(id)
  }

  async deleteSession(id: string): Promise<boolean> {
    const { changes } = await this.driver.run(SQL.deleteSession, [id])
    return changes > 0
  }

  async addMessage(message: ChatMessage): Promise<ChatMessage> {
    await this.addMessages([message])
    return message
  }

  async addMessages(messages: readonly ChatMessage[]): Promise<ChatMessage[]> {
    if (messages.length === 0) return []
    try {
      await this.driver.batch(
        messages.flatMap((message) => [
          { sql: SQL.insertMessage, params: toChatMessageParams(message) },
          { sql: SQL.touchSession, params: [message.created_at, message.session_id] },
        ]),
      )
    } catch (error) {
      // Name the likely cause: the bare constraint message does not say which reference failed.
      for (const sessionId of new Set(messages.map((message) => message.session_id))) {
        if (!(await this.getSession(sessionId))) {
          throw new Error(`No chat session ${sessionId}`, { cause: error })
        }
      }
      throw error
    }
    return [...messages]
  }

  async listMessages(sessionId: string, options: { limit: number }): Promise<ChatMessage[]> {
    // SQLite reads a negative LIMIT as "no limit"; a non-positive one means none here.
    const limit = Math.max(0, Math.floor(options.limit))
    const rows = await this.driver.all<ChatMessageRow>(SQL.listMessages, [sessionId, limit])
    return rows.map(fromChatMessageRow)
  }
}
