import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A tag attached to a conversation, under the conversation, id `<conversation_id>:<tag_id>`. */
export const conversationTagKind = defineRecordKind({
  kind: 'conversation_tag',
  notFound: 'Tag not attached',
  idParam: 'tag_id',
  sync: 'always',
  fields: z.looseObject({ tag_id: z.string() }),
})
