import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/**
 * A platform conversation; its messages and tag links hang under it (`parent_id`). Every conversation
 * the routes write carries its owner and type; the other fields (title, model, persona...) may be null.
 */
export const conversationKind = defineRecordKind({
  kind: 'conversation',
  notFound: 'Conversation not found',
  idParam: 'conversation_id',
  sync: 'always',
  fields: z.looseObject({ user_id: z.string(), conversation_type: z.string() }),
})
