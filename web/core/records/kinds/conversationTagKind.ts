import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/**
 * A tag attached to a conversation, under the conversation, with the id `<conversation_id>:<tag_id>`
 * (`conversationTagId`): attaching twice writes the same record (idempotent, even for two requests at
 * once), and detaching or deleting either side removes one record without rewriting the conversation.
 */
export const conversationTagKind = defineRecordKind({
  kind: 'conversation_tag',
  notFound: 'Tag not attached',
  idParam: 'tag_id',
  sync: 'always',
  fields: z.looseObject({ tag_id: z.string() }),
})

export function conversationTagId(conversationId: string, tagId: string): string {
  return `${conversationId}:${tagId}`
}
