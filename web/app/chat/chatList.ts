import type { ChatSession } from '../api/chatApi'
import type { Conversation } from '../api/conversationsApi'
import { conversationTitle } from '../conversations/conversationOrder'

/**
 * One row of the one list of chats. Two records stand behind it (see CONTEXT.md): a chat session
 * (`/api/chat/sessions`, answers from documents) or a conversation (`/api/v1/conversations`, a model,
 * perhaps with a persona). The kind decides which API the open chat talks to.
 */
export type ChatItem =
  | { kind: 'documents'; id: string; name: string; updated: string; session: ChatSession }
  | { kind: 'model'; id: string; name: string; updated: string; conversation: Conversation }

export function sessionItem(session: ChatSession): ChatItem {
  return {
    kind: 'documents',
    id: session.id,
    name: session.name,
    updated: session.updated_at || session.created_at,
    session,
  }
}

export function conversationItem(conversation: Conversation): ChatItem {
  return {
    kind: 'model',
    id: conversation.id,
    name: conversationTitle(conversation),
    updated: conversation.updated_at || conversation.created_at,
    conversation,
  }
}

/** Both kinds in one list, the latest activity first (ISO timestamps sort as text). */
export function mergeChats(
  sessions: readonly ChatSession[],
  conversations: readonly Conversation[],
): ChatItem[] {
  const items = [...sessions.map(sessionItem), ...conversations.map(conversationItem)]
  return items.sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0))
}

/** How long a name taken from a question may be before it is cut (at a word) and ends with "…". */
export const CHAT_NAME_LIMIT = 60

/**
 * A new chat's name: its first question, on one line, cut at the last whole word within the limit.
 * A question of whitespace alone names nothing; the caller keeps its default.
 */
export function nameFromQuestion(question: string, limit = CHAT_NAME_LIMIT): string {
  const line = question.replace(/\s+/g, ' ').trim()
  if (line.length <= limit) return line
  const cut = line.slice(0, limit - 1)
  const space = cut.lastIndexOf(' ')
  // A single long word is cut where it is; otherwise at the last space, so no word is split.
  const base = space > limit / 2 ? cut.slice(0, space) : cut
  return `${base.replace(/[\s,;:.-]+$/, '')}…`
}
