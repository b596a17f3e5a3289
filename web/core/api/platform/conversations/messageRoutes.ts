import { z } from 'zod'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import { recordView, type RecordPorts } from '../../../records/platformRecords'
import { conversationKind } from '../../../records/kinds/conversationKind'
import { addConversationMessage, conversationMessages, requireConversation } from './conversationRecords'
import { createMessageBody, messageSchema, messagesQuery } from './conversationSchemas'
import type { ApiPorts } from '../../ApiPorts'

/** Messages are records under their conversation; a new one needs the clock and an id. */
type MessagePorts = Pick<ApiPorts, 'clock' | 'newId'> & RecordPorts

const CONVERSATION_NOT_FOUND = conversationKind.notFound
const tags = ['Conversations']
const notFound = { description: CONVERSATION_NOT_FOUND, schema: errorSchema }

export const messageRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/conversations/:conversation_id/messages',
    operationId: 'listConversationMessages',
    summary: 'A conversation’s messages, oldest first',
    description:
      'A bare array, oldest first: every message unless `skip`/`limit` (1..500) ask for a slice. Differs from BrainDrive: without `limit` every message is answered (BrainDrive answers the first 50). Senders are the spec’s `user`, `assistant`, `system`.',
    tags,
    errorStyle: 'platform',
    params: conversationKind.params,
    notFoundDetail: CONVERSATION_NOT_FOUND,
    query: messagesQuery,
    responses: {
      200: { description: 'Messages', schema: z.array(messageSchema) },
      404: notFound,
      422: { description: 'Validation error', schema: validationErrorSchema },
    },
    async handler({ params, query }, ports: MessagePorts) {
      await requireConversation(ports, params.conversation_id)
      const all = await conversationMessages(ports, params.conversation_id)
      const start = query.skip ?? 0
      const end = query.limit === undefined ? undefined : start + query.limit
      return { status: 200, body: all.slice(start, end).map(recordView) }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/conversations/:conversation_id/messages',
    operationId: 'addConversationMessage',
    summary: 'Add a message to a conversation',
    description:
      '`sender` is `user`, `assistant` or `system` (the spec’s senders, which Quire stores and sends); BrainDrive’s `llm` is accepted too and stored as `assistant`. `message` is non-empty text; `message_metadata` an optional object (`{}` when left out or null). The conversation’s `updated_at` becomes the message’s `created_at`, in the same step. Nothing answers the message by itself: `POST .../reply` asks the configured model.',
    tags,
    errorStyle: 'platform',
    params: conversationKind.params,
    notFoundDetail: CONVERSATION_NOT_FOUND,
    body: createMessageBody,
    responses: {
      201: { description: 'The stored message', schema: messageSchema },
      404: notFound,
      422: { description: 'Validation error', schema: validationErrorSchema },
    },
    async handler({ params, body }, ports: MessagePorts) {
      const message = await addConversationMessage(ports, params.conversation_id, {
        sender: body.sender,
        message: body.message,
        message_metadata: body.message_metadata ?? {},
      })
      return { status: 201, body: recordView(message) }
    },
  }),
]
