import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A platform conversation; its messages and tag links hang under it (`parent_id`). */
export const conversationKind = defineRecordKind({
  kind: 'conversation',
  notFound: 'Conversation not found',
  idParam: 'conversation_id',
  sync: 'always',
  fields: z.looseObject({}),
})
