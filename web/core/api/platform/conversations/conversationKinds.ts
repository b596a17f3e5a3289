/**
 * The record kinds of conversations and what hangs off them, in one place because tags and personas
 * reach into conversations when they are deleted (detach, persona set to null).
 */
export const CONVERSATION = 'conversation'
/** A message, under its conversation (`parent_id`). */
export const MESSAGE = 'message'
export const TAG = 'tag'
export const PERSONA = 'persona'
/**
 * A tag attached to a conversation, under the conversation, with the id `<conversation_id>:<tag_id>`:
 * attaching twice writes the same record (idempotent, even for two requests at once), and detaching
 * or deleting either side removes one record without rewriting the conversation.
 */
export const CONVERSATION_TAG = 'conversation_tag'

export function conversationTagId(conversationId: string, tagId: string): string {
  return `${conversationId}:${tagId}`
}
