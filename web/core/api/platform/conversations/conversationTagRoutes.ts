import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import { newRecord, putRecord, requireRecord } from '../platformRecords'
import { CONVERSATION_TAG, conversationTagId, TAG } from './conversationKinds'
import {
  CONVERSATION_NOT_FOUND,
  conversationView,
  requireConversation,
  TAG_NOT_FOUND,
} from './conversationRecords'
import {
  attachTagBody,
  conversationIdParams,
  conversationSchema,
  conversationTagParams,
} from './conversationSchemas'

const tags = ['Conversations']
const error = (description: string) => ({ description, schema: errorSchema })
const invalid = { description: 'Validation error', schema: validationErrorSchema }
const one = { description: 'The conversation, with its tags', schema: conversationSchema }
const byId = { params: conversationIdParams, notFoundDetail: CONVERSATION_NOT_FOUND }

/** Attaching and detaching tags (links under the conversation; see CONVERSATION_TAG). */
export const conversationTagRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/conversations/:conversation_id/tags',
    operationId: 'attachConversationTag',
    summary: 'Attach a tag to a conversation',
    description:
      'Idempotent: attaching a tag that is already attached changes nothing. Answers the conversation.',
    tags,
    errorStyle: 'platform',
    ...byId,
    body: attachTagBody,
    responses: { 200: one, 404: error('Conversation or tag not found'), 422: invalid },
    async handler({ params, body }, ports) {
      const record = await requireConversation(ports, params.conversation_id)
      await requireRecord(ports, TAG, body.tag_id, TAG_NOT_FOUND)
      const id = conversationTagId(record.id, body.tag_id)
      if (!(await ports.store.getRecord(CONVERSATION_TAG, id))) {
        const link = newRecord(ports, CONVERSATION_TAG, { tag_id: body.tag_id }, record.id)
        await putRecord(ports, { ...link, id })
      }
      return { status: 200, body: await conversationView(ports, record) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/conversations/:conversation_id/tags/:tag_id',
    operationId: 'detachConversationTag',
    summary: 'Detach a tag from a conversation',
    description:
      'Idempotent: a tag that is not attached answers 204 too. Unknown conversations and tags answer 404.',
    tags,
    params: conversationTagParams,
    notFoundDetail: 'Conversation or tag not found',
    responses: { 204: { description: 'Detached' }, 404: error('Conversation or tag not found') },
    async handler({ params }, ports) {
      await requireConversation(ports, params.conversation_id)
      await requireRecord(ports, TAG, params.tag_id, TAG_NOT_FOUND)
      await ports.store.writeRecords([
        { delete: { kind: CONVERSATION_TAG, id: conversationTagId(params.conversation_id, params.tag_id) } },
      ])
      return { status: 204 }
    },
  }),
]
