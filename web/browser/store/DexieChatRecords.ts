import type { ChatStore } from '../../core/store/ChatStore'
import Dexie from 'dexie'
import type { ChatMessage } from '../../core/store/ChatMessage'
import type { ChatSession, ChatSessionPatch, NewChatSession } from '../../core/store/ChatSession'
import { jsonClone } from './jsonClone'
import type { ChatMessageRow, ChatSessionRow, QuireDatabase } from './QuireDatabase'

/**
 * Chat sessions and messages over Dexie, for DexieStore. Every write that checks a reference runs in
 * one transaction with the table it checks, so a collection or session deleted meanwhile cannot slip
 * between the check and the write.
 */
export class DexieChatRecords implements ChatStore {
  constructor(private readonly db: QuireDatabase) {}

  async createSession(input: NewChatSession): Promise<ChatSession> {
    const row: ChatSessionRow = { ...input, updated_at: input.created_at }
    await this.db.transaction('rw', this.db.chatSessions, this.db.collections, async () => {
      await this.requireCollection(input.collection_id)
      // `add` (not `put`) so that the unique id index rejects a duplicate instead of overwriting.
      await this.db.chatSessions.add(row)
    })
    return { ...input, updated_at: input.created_at, message_count: 0 }
  }

  async listSessions(): Promise<ChatSession[]> {
    return this.db.transaction('r', this.db.chatSessions, this.db.chatMessages, async () => {
      const rows = await this.db.chatSessions.orderBy('[updated_at+seq]').reverse().toArray()
      return Promise.all(rows.map((row) => this.withCount(row)))
    })
  }

  async getSession(id: string): Promise<ChatSession | undefined> {
    return this.db.transaction('r', this.db.chatSessions, this.db.chatMessages, async () => {
      const row = await this.db.chatSessions.where('id').equals(id).first()
      return row && this.withCount(row)
    })
  }

  async updateSession(id: string, patch: ChatSessionPatch): Promise<ChatSession | undefined> {
    // Undefined means "not in the patch"; null is a value (no collection).
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
    const tables = [this.db.chatSessions, this.db.chatMessages, this.db.collections]
    return this.db.transaction('rw', tables, async () => {
      if (patch.collection_id !== undefined) await this.requireCollection(patch.collection_id)
      const count = await this.db.chatSessions.where('id').equals(id).modify(changes)
      return count === 0 ? undefined : this.getSession(id)
    })
  }

  async deleteSession(id: string): Promise<boolean> {
    return this.db.transaction('rw', this.db.chatSessions, this.db.chatMessages, async () => {
      await this.db.chatMessages.where('session_id').equals(id).delete()
      return (await this.db.chatSessions.where('id').equals(id).delete()) > 0
    })
  }

  async addMessage(message: ChatMessage): Promise<ChatMessage> {
    await this.addMessages([message])
    return message
  }

  /**
   * A few requests for the whole batch, not four for each message: each request costs the page a round
   * trip to the browser's storage (a chat turn's two messages took 8-15 ms in one transaction).
   */
  async addMessages(messages: readonly ChatMessage[]): Promise<ChatMessage[]> {
    if (messages.length === 0) return []
    const rows: ChatMessageRow[] = messages.map((message) => jsonClone(message))
    // Each session ends at its last message's time (the order `addMessage` one at a time gives).
    const lastTimes = new Map(rows.map((row) => [row.session_id, row.created_at]))
    const collectionIds = [...new Set(rows.flatMap((row) => row.collection_id ?? []))]
    const tables = [this.db.chatSessions, this.db.chatMessages, this.db.collections]
    await this.db.transaction('rw', tables, async () => {
      const [sessions, collections] = await Promise.all([
        this.db.chatSessions
          .where('id')
          .anyOf([...lastTimes.keys()])
          .toArray(),
        this.db.collections.where('id').anyOf(collectionIds).keys(),
      ])
      const seqOf = new Map(sessions.map((session) => [session.id, session.seq]))
      const missingSession = [...lastTimes.keys()].find((id) => !seqOf.has(id))
      if (missingSession) throw new Error(`No chat session ${missingSession}`)
      const found = new Set<unknown>(collections)
      const missingCollection = collectionIds.find((id) => !found.has(id))
      if (missingCollection) throw new Error(`No collection ${missingCollection}`)
      await this.db.chatMessages.bulkAdd(rows)
      await this.db.chatSessions.bulkUpdate(
        [...lastTimes].map(([id, updated_at]) => ({ key: seqOf.get(id)!, changes: { updated_at } })),
      )
    })
    return [...messages]
  }

  async listMessages(sessionId: string, options: { limit: number }): Promise<ChatMessage[]> {
    const limit = Math.floor(options.limit)
    if (!(limit > 0)) return []
    const newestFirst = await this.db.chatMessages
      .where('[session_id+created_at+seq]')
      .between([sessionId, Dexie.minKey, Dexie.minKey], [sessionId, Dexie.maxKey, Dexie.maxKey])
      .reverse()
      .limit(limit)
      .toArray()
    return newestFirst.reverse().map(({ seq: _seq, ...message }) => message)
  }

  /**
   * Part of deleting a collection: sessions and messages that named it keep living without one. Call
   * inside the caller's transaction over chatSessions and chatMessages.
   */
  async detachCollection(collectionId: string): Promise<void> {
    await this.db.chatSessions.where('collection_id').equals(collectionId).modify({ collection_id: null })
    await this.db.chatMessages.where('collection_id').equals(collectionId).modify({ collection_id: null })
  }

  private async requireCollection(collectionId: string | null): Promise<void> {
    if (collectionId === null) return
    if ((await this.db.collections.where('id').equals(collectionId).count()) === 0) {
      throw new Error(`No collection ${collectionId}`)
    }
  }

  private async withCount(row: ChatSessionRow): Promise<ChatSession> {
    const { seq: _seq, ...session } = row
    const message_count = await this.db.chatMessages.where('session_id').equals(row.id).count()
    return { ...session, message_count }
  }
}
