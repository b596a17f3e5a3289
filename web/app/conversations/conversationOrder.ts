import type { Conversation } from '../api/conversationsApi'

/** Which conversations carry each tag: tag id -> conversation ids. */
export type TagMembership = Record<string, readonly string[]>

/** Latest activity first (`updated_at`, then `created_at`), so a conversation just used rises to the top. */
export function newestFirst(conversations: readonly Conversation[]): Conversation[] {
  const key = (c: Conversation) => c.updated_at || c.created_at
  return [...conversations].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0))
}

/** The conversations carrying `tagId`, or all of them when no tag is chosen. */
export function withTag(
  conversations: readonly Conversation[],
  membership: TagMembership,
  tagId: string | undefined,
): Conversation[] {
  if (!tagId) return [...conversations]
  const ids = new Set(membership[tagId] ?? [])
  return conversations.filter((conversation) => ids.has(conversation.id))
}

/** The ids of the tags on one conversation. */
export function tagsOf(membership: TagMembership, conversationId: string): string[] {
  return Object.entries(membership)
    .filter(([, ids]) => ids.includes(conversationId))
    .map(([tagId]) => tagId)
}

/** The membership with the conversation added to (`on`) or removed from (`!on`) the tag. */
export function withMembership(
  membership: TagMembership,
  tagId: string,
  conversationId: string,
  on: boolean,
): TagMembership {
  const rest = (membership[tagId] ?? []).filter((id) => id !== conversationId)
  return { ...membership, [tagId]: on ? [...rest, conversationId] : rest }
}

/** The membership without a deleted conversation. */
export function withoutConversation(membership: TagMembership, conversationId: string): TagMembership {
  return Object.fromEntries(
    Object.entries(membership).map(([tagId, ids]) => [tagId, ids.filter((id) => id !== conversationId)]),
  )
}

/** What to call a conversation that was never given a title. */
export function conversationTitle(conversation: Pick<Conversation, 'title'>): string {
  return conversation.title?.trim() || 'Untitled conversation'
}

/**
 * The membership read off the conversations' own `tags`, or undefined when some conversation came
 * without them (then each tag's conversations must be asked for).
 */
export function membershipFromConversations(
  conversations: readonly Conversation[],
  tagIds: readonly string[],
): TagMembership | undefined {
  if (conversations.some((conversation) => !Array.isArray(conversation.tags))) return undefined
  const membership: Record<string, string[]> = Object.fromEntries(tagIds.map((id) => [id, []]))
  for (const conversation of conversations) {
    for (const tag of conversation.tags ?? []) (membership[tag.id] ??= []).push(conversation.id)
  }
  return membership
}
