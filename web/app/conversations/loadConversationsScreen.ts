import {
  currentUserId,
  listConversations,
  listPersonas,
  listTagConversations,
  listTags,
  type Conversation,
  type Persona,
  type Tag,
} from '../api/conversationsApi'
import { membershipFromConversations, type TagMembership } from './conversationOrder'

export interface ConversationsScreenData {
  userId: string
  conversations: Conversation[]
  personas: Persona[]
  tags: Tag[]
  /** Which conversations carry each tag: the tag filter and the tag bar both need it. */
  membership: TagMembership
}

/** Everything the Conversations screen shows before a conversation is opened; any failure rejects. */
export async function loadConversationsScreen(signal?: AbortSignal): Promise<ConversationsScreenData> {
  const userId = await currentUserId(signal)
  const [conversations, personas, tags] = await Promise.all([
    listConversations(userId, signal),
    listPersonas(signal),
    listTags(userId, signal),
  ])
  const membership =
    membershipFromConversations(
      conversations,
      tags.map((tag) => tag.id),
    ) ?? (await membershipByTag(tags, signal))
  return { userId, conversations, personas, tags, membership }
}

/** Each tag's conversations, asked for one tag at a time. */
async function membershipByTag(tags: readonly Tag[], signal?: AbortSignal): Promise<TagMembership> {
  const members = await Promise.all(tags.map((tag) => listTagConversations(tag.id, signal)))
  return Object.fromEntries(
    tags.map((tag, index) => [tag.id, (members[index] ?? []).map((conversation) => conversation.id)]),
  )
}
