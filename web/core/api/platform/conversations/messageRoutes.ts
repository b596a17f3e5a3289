import { z } from 'zod'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import { recordView } from '../platformRecords'
import {
  addConversationMessage,
  CONVERSATION_NOT_FOUND,
  conversationMessages,
  requireConversation,
} from './conversationRecords'
import { conversationIdParams, createMessageBody, messageSchema } from './conversationSchemas'

const tags = ['Conversations']
const notFound = { description: CONVERSATION_NOT_FOUND, schema: errorSchema }

export const messageRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/conversations/:conversation_id/messages',
    operationId: 'listConversationMessages',
    summary: 'A conversation’s messages, oldest first',
    description: 'A plain array of every message (not paginated), oldest first.',
    tags,
    params: conversationIdParams,
    notFoundDetail: CONVERSATION_NOT_FOUND,
    responses: { 200: { description: 'Messages', schema: z.array(messageSchema) }, 404: notFound },
    async handler({ params }, ports) {
      await requireConversation(ports, params.conversation_id)
      return {
        status: 200,
        body: (await conversationMessages(ports, params.conversation_id)).map(recordView),
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/conversations/:conversation_id/messages',
    operationId: 'addConversationMessage',
    summary: 'Add a message to a conversation',
    description:
      '`sender` is `user`, `assistant` or `system`; `message` is non-empty text; `message_metadata` an optional object (`{}` when left out or null). The conversation’s `updated_at` becomes the message’s `created_at`, in the same step. Nothing answers the message by itself: `POST .../reply` asks the configured model.',
    tags,
    errorStyle: 'platform',
    params: conversationIdParams,
    notFoundDetail: CONVERSATION_NOT_FOUND,
    body: createMessageBody,
    responses: {
      201: { description: 'The stored message', schema: messageSchema },
      404: notFound,
      422: { description: 'Validation error', schema: validationErrorSchema },
    },
    async handler({ params, body }, ports) {
      const message = await addConversationMessage(ports, params.conversation_id, {
        sender: body.sender,
        message: body.message,
        message_metadata: body.message_metadata ?? {},
      })
      return { status: 201, body: recordView(message) }
    },
  }),
]
