import { z } from 'zod'
import { userIdInput } from '../compat/callerUserId'
import { recordId } from '../../../records/recordId'
import { tagSchema } from '../tags/tagSchemas'

const optionalText = (max: number) => z.string().max(max).nullable().optional()

export const conversationTagParams = z.object({ conversation_id: recordId, tag_id: recordId })

/** BrainDrive's list paging: `skip` (Quire's `offset` is read too) and `limit` 1..100. */
export const skipLimitQuery = (defaultLimit: number) =>
  z.object({
    skip: z.coerce.number().int().min(0).optional(),
    offset: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
  })

/** The page `skipLimitQuery` asked for. */
export function skipLimit<T>(
  items: readonly T[],
  query: { skip?: number; offset?: number; limit: number },
): T[] {
  const start = query.skip ?? query.offset ?? 0
  return items.slice(start, start + query.limit)
}

/** `GET /users/{user_id}/conversations`: BrainDrive's filters, all optional and combined. */
export const userConversationsQuery = skipLimitQuery(20).extend({
  conversation_type: z.string().optional(),
  page_id: recordId.optional(),
  persona_id: recordId.optional(),
  tag_id: recordId.optional(),
})

/** Messages: every one unless `skip`/`limit` ask for a slice. */
export const messagesQuery = z.object({
  skip: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
})

const conversationFields = {
  title: z.string().trim().max(500).nullable().optional(),
  page_context: optionalText(10_000),
  page_id: recordId.nullable().optional(),
  model: optionalText(200),
  server: optionalText(500),
  persona_id: recordId.nullable().optional(),
}
const conversationType = z.string().trim().min(1, 'must not be empty').max(50)

// Bodies are read as FastAPI reads them: fields the route does not know are ignored.
export const createConversationBody = z.object({
  ...conversationFields,
  /** BrainDrive's clients send it (its schema requires it): the caller's id or `current`; another user's is 403. */
  user_id: userIdInput.optional(),
  conversation_type: conversationType.nullable().optional(),
})

/** Like BrainDrive's `ConversationUpdate`, no `user_id`: a conversation keeps its owner (a sent one is ignored). */
export const updateConversationBody = z.object({
  ...conversationFields,
  conversation_type: conversationType.optional(),
})

export const setPersonaBody = z.object({ persona_id: recordId.nullable() })
export const attachTagBody = z.object({ tag_id: recordId })

export const SENDERS = ['user', 'assistant', 'system'] as const

/**
 * What Quire stores and sends is the spec's sender (`user`, `assistant`, `system`); BrainDrive's
 * own name for the model's messages, `llm`, is accepted on input and stored as `assistant`.
 */
const sender = z
  .enum([...SENDERS, 'llm'])
  .transform((value): (typeof SENDERS)[number] => (value === 'llm' ? 'assistant' : value))

export const createMessageBody = z.object({
  sender,
  message: z.string().min(1, 'must not be empty').max(200_000),
  message_metadata: z.record(z.string(), z.unknown()).nullable().optional(),
})

/** `stream: true` answers server-sent events instead of the stored message. */
export const replyBody = z.object({ stream: z.boolean().default(false) }).optional()

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
