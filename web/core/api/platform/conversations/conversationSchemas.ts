import { z } from 'zod'
import { tagSchema } from '../tags/tagSchemas'

const optionalText = (max: number) => z.string().max(max).nullable().optional()

export const conversationIdParams = z.object({ conversation_id: z.uuid() })
export const conversationTagParams = z.object({ conversation_id: z.uuid(), tag_id: z.uuid() })

const conversationFields = {
  /** Only the caller: records belong to whoever makes them (a different id answers 422). */
  user_id: z.uuid().optional(),
  title: z.string().trim().max(500).nullable().optional(),
  page_context: optionalText(10_000),
  page_id: z.uuid().nullable().optional(),
  model: optionalText(200),
  server: optionalText(500),
  persona_id: z.uuid().nullable().optional(),
}
const conversationType = z.string().trim().min(1, 'must not be empty').max(50)

export const createConversationBody = z.strictObject({
  ...conversationFields,
  conversation_type: conversationType.default('chat'),
})

export const updateConversationBody = z.strictObject({
  ...conversationFields,
  conversation_type: conversationType.optional(),
})

export const setPersonaBody = z.strictObject({ persona_id: z.uuid().nullable() })
export const attachTagBody = z.strictObject({ tag_id: z.uuid() })

export const SENDERS = ['user', 'assistant', 'system'] as const

export const createMessageBody = z.strictObject({
  sender: z.enum(SENDERS),
  message: z.string().min(1, 'must not be empty').max(200_000),
  message_metadata: z.record(z.string(), z.unknown()).nullable().optional(),
})

/** `stream: true` answers server-sent events instead of the stored message. */
export const replyBody = z.strictObject({ stream: z.boolean().default(false) }).optional()

export const messageSchema = z
  .object({
    id: z.uuid(),
    conversation_id: z.uuid(),
    sender: z.enum(SENDERS),
    message: z.string(),
    message_metadata: z.record(z.string(), z.unknown()),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'ConversationMessage' })

export const conversationSchema = z
  .object({
    id: z.uuid(),
    user_id: z.string(),
    title: z.string().nullable(),
    page_context: z.string().nullable(),
    page_id: z.uuid().nullable(),
    model: z.string().nullable(),
    server: z.string().nullable(),
    conversation_type: z.string(),
    persona_id: z.uuid().nullable(),
    tags: z.array(tagSchema),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Conversation' })
