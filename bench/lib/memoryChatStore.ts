import type { ChatMessage } from '../../web/core/store/ChatMessage'
import type { ChatSession } from '../../web/core/store/ChatSession'
import type { ChatStore } from '../../web/core/store/ChatStore'

/**
 * Chat sessions and messages kept in maps, for a benchmark that asks questions through `runChatTurn`
 * over `memorySearchPorts`: a follow-up sees its session's earlier turns exactly as a host's store
 * hands them back (latest `limit`, oldest first). Collections are not checked: the bench has one.
 */
export function memoryChatStore(): ChatStore {
  const sessions = new Map<string, ChatSession>()
  const messages = new Map<string, ChatMessage[]>()
  const withCount = (session: ChatSession): ChatSession => ({
    ...session,
    message_count: messages.get(session.id)?.length ?? 0,
  })
  const add = (message: ChatMessage): ChatMessage => {
    const session = sessions.get(message.session_id)
    if (!session) throw new Error(`no chat session ${message.session_id}`)
    messages.get(session.id)!.push(message)
    sessions.set(session.id, { ...session, updated_at: message.created_at })
    return message
  }
  return {
    async createSession(input) {
      if (sessions.has(input.id)) throw new Error(`chat session ${input.id} exists`)
      const session: ChatSession = { ...input, updated_at: input.created_at, message_count: 0 }
      sessions.set(input.id, session)
      messages.set(input.id, [])
      return session
    },
    async listSessions() {
      return [...sessions.values()].reverse().map(withCount)
    },
    async getSession(id) {
      const session = sessions.get(id)
      return session ? withCount(session) : undefined
    },
    async updateSession(id, patch) {
      const session = sessions.get(id)
      if (!session) return undefined
      const updated = { ...session, ...patch }
      sessions.set(id, updated)
      return withCount(updated)
    },
    async deleteSession(id) {
      messages.delete(id)
      return sessions.delete(id)
    },
    async addMessage(message) {
      return add(message)
    },
    async addMessages(list) {
      // All or none: an unknown session anywhere stores nothing.
      const unknown = list.find(({ session_id }) => !sessions.has(session_id))
      if (unknown) throw new Error(`no chat session ${unknown.session_id}`)
      return list.map(add)
    },
    async listMessages(sessionId, { limit }) {
      return (messages.get(sessionId) ?? []).slice(-limit)
    },
  }
}
