import { validationErrorSchema, errorResponse as error } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import { tagKind } from '../../../records/kinds/tagKind'
import { conversationKind } from '../../../records/kinds/conversationKind'
import { conversationView, requireConversation } from './conversationRecords'
import { attachTagBody, conversationSchema, conversationTagParams } from './conversationSchemas'
import { conversationTagId, conversationTagKind } from '../../../records/kinds/conversationTagKind'
import type { ApiPorts } from '../../ApiPorts'
import type { RecordPorts } from '../../../records/platformRecords'

/** A conversation's tags are link records; a new link needs the clock and an id. */
type ConversationTagPorts = Pick<ApiPorts, 'clock' | 'newId'> & RecordPorts

const tags = ['Conversations']
const invalid = { description: 'Validation error', schema: validationErrorSchema }
const one = { description: 'The conversation, with its tags', schema: conversationSchema }
const byId = { params: conversationKind.params, notFoundDetail: conversationKind.notFound }

/** Attaching and detaching tags (links under the conversation; see conversationTagKind). */
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
    async handler({ params, body }, ports: ConversationTagPorts) {
      const record = await requireConversation(ports, params.conversation_id)
      await tagKind.require(ports, body.tag_id)
      const id = conversationTagId(record.id, body.tag_id)
      if (!(await conversationTagKind.find(ports, id))) {
        const link = conversationTagKind.create(ports, { tag_id: body.tag_id }, record.id)
        await conversationTagKind.put(ports, { ...link, id })
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
      'Idempotent: a tag that is not attached answers 204 too. Unknown conversations and tags answer 404. Differs from BrainDrive: it answers 200 with the conversation; Quire answers 204 (a successful deletion, as the spec’s codes say).',
    tags,
    params: conversationTagParams,
    notFoundDetail: 'Conversation or tag not found',
    responses: { 204: { description: 'Detached' }, 404: error('Conversation or tag not found') },
    async handler({ params }, ports: ConversationTagPorts) {
      await requireConversation(ports, params.conversation_id)
      await tagKind.require(ports, params.tag_id)
      await conversationTagKind.remove(ports, conversationTagId(params.conversation_id, params.tag_id))
      return { status: 204 }
    },
  }),
]
