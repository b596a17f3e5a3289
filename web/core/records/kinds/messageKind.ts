import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A message, under its conversation (`parent_id`). */
export const messageKind = defineRecordKind({
  kind: 'message',
  notFound: 'Message not found',
  idParam: 'message_id',
  sync: 'always',
  fields: z.looseObject({ conversation_id: z.string(), sender: z.string(), message: z.string() }),
})
