import { z } from 'zod'
import { ApiError } from '../../ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { pageSchema, paginationQuery, toPage } from '../../pagination'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import { newestFirst } from '../newestFirst'
import { newRecord, patchedRecord, putRecord, recordView, requireRecord } from '../platformRecords'
import { personaIdParams, personaSchema } from '../personas/personaSchemas'
import { userIdParams } from '../tags/tagSchemas'
import { conversationReplyRoute } from './conversationReplyRoute'
import { CONVERSATION, PERSONA } from './conversationKinds'
import {
  CONVERSATION_NOT_FOUND,
  conversationDeletion,
  conversationMessages,
  conversationView,
  conversationViews,
  PERSONA_NOT_FOUND,
  requireConversation,
  requirePersonaIfNamed,
} from './conversationRecords'
import {
  conversationIdParams,
  conversationSchema,
  createConversationBody,
  messageSchema,
  setPersonaBody,
  updateConversationBody,
} from './conversationSchemas'
import { conversationTagRoutes } from './conversationTagRoutes'
import { messageRoutes } from './messageRoutes'
import { requireCaller, USER_NOT_FOUND } from './requireCaller'

const tags = ['Conversations']
const error = (description: string) => ({ description, schema: errorSchema })
const notFound = error(CONVERSATION_NOT_FOUND)
const invalid = { description: 'Validation error', schema: validationErrorSchema }
const one = { description: 'The conversation, with its tags', schema: conversationSchema }
const PAGED =
  'Paginated: `{items, total_items, page, page_size, total_pages}` with `limit` (1..100, default 20) and `offset`; ordered by `updated_at`, newest first (a new message moves a conversation up). Each conversation carries `tags`, the attached tag objects.'

/** Records are the caller's: a body naming another user is refused rather than quietly rewritten. */
async function callerFromBody(ports: ApiPorts, userId: string | undefined): Promise<string> {
  const caller = await ports.currentUserId()
  if (userId !== undefined && userId !== caller) {
    throw ApiError.unprocessable([
      { loc: ['body', 'user_id'], msg: 'must be the signed-in user', type: 'value_error' },
    ])
  }
  return caller
}

async function page(ports: ApiPorts, records: StoredRecord[], query: { limit: number; offset: number }) {
  const sorted = newestFirst(records)
  const items = await conversationViews(ports, sorted.slice(query.offset, query.offset + query.limit))
  return { status: 200, body: toPage(items, sorted.length, query.limit, query.offset) }
}

const byId = {
  params: conversationIdParams,
  notFoundDetail: CONVERSATION_NOT_FOUND,
}

export const conversationRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/users/:user_id/conversations',
    operationId: 'listUserConversations',
    summary: 'The caller’s conversations, most recently active first',
    description: `${PAGED} Another user’s id answers 404.`,
    tags,
    errorStyle: 'platform',
    params: userIdParams,
    notFoundDetail: USER_NOT_FOUND,
    query: paginationQuery,
    responses: {
      200: { description: 'One page of conversations', schema: pageSchema(conversationSchema) },
      404: error(USER_NOT_FOUND),
      422: invalid,
    },
    async handler({ params, query }, ports) {
      await requireCaller(ports, params.user_id)
      return page(ports, await ports.store.listRecords(CONVERSATION), query)
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/conversations/by-persona/:persona_id',
    operationId: 'listPersonaConversations',
    summary: 'Conversations with a persona, most recently active first',
    description: `${PAGED} An unknown persona answers 404.`,
    tags,
    errorStyle: 'platform',
    params: personaIdParams,
    notFoundDetail: PERSONA_NOT_FOUND,
    query: paginationQuery,
    responses: {
      200: { description: 'One page of conversations', schema: pageSchema(conversationSchema) },
      404: error(PERSONA_NOT_FOUND),
      422: invalid,
    },
    async handler({ params, query }, ports) {
      await requireRecord(ports, PERSONA, params.persona_id, PERSONA_NOT_FOUND)
      const all = await ports.store.listRecords(CONVERSATION)
      return page(
        ports,
        all.filter((c) => c.data.persona_id === params.persona_id),
        query,
      )
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/conversations',
    operationId: 'createConversation',
    summary: 'Start a conversation',
    description:
      'Every field is optional. `user_id`, when sent, must be the caller’s (422 otherwise). `persona_id` must name a persona (404 otherwise). `conversation_type` defaults to `chat`; unset fields are null.',
    tags,
    errorStyle: 'platform',
    body: createConversationBody,
    responses: { 201: one, 404: error(PERSONA_NOT_FOUND), 422: invalid },
    async handler({ body }, ports) {
      const userId = await callerFromBody(ports, body.user_id)
      await requirePersonaIfNamed(ports, body.persona_id)
      const record = newRecord(ports, CONVERSATION, {
        user_id: userId,
        title: body.title ?? null,
        page_context: body.page_context ?? null,
        page_id: body.page_id ?? null,
        model: body.model ?? null,
        server: body.server ?? null,
        conversation_type: body.conversation_type,
        persona_id: body.persona_id ?? null,
      })
      await putRecord(ports, record)
      return { status: 201, body: { ...recordView(record), tags: [] } }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/conversations/:conversation_id',
    operationId: 'getConversation',
    summary: 'Get a conversation',
    tags,
    ...byId,
    responses: { 200: one, 404: notFound },
    async handler({ params }, ports) {
      return {
        status: 200,
        body: await conversationView(ports, await requireConversation(ports, params.conversation_id)),
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/conversations/:conversation_id/with-messages',
    operationId: 'getConversationWithMessages',
    summary: 'Get a conversation with all its messages, oldest first',
    tags,
    ...byId,
    responses: {
      200: {
        description: 'The conversation with `messages`',
        schema: conversationSchema.extend({ messages: z.array(messageSchema) }),
      },
      404: notFound,
    },
    async handler({ params }, ports) {
      const record = await requireConversation(ports, params.conversation_id)
      const messages = await conversationMessages(ports, record.id)
      return {
        status: 200,
        body: { ...(await conversationView(ports, record)), messages: messages.map(recordView) },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/conversations/:conversation_id/with-persona',
    operationId: 'getConversationWithPersona',
    summary: 'Get a conversation with its persona',
    description: '`persona` is the persona object, or null when the conversation has none.',
    tags,
    ...byId,
    responses: {
      200: {
        description: 'The conversation with `persona`',
        schema: conversationSchema.extend({ persona: personaSchema.nullable() }),
      },
      404: notFound,
    },
    async handler({ params }, ports) {
      const record = await requireConversation(ports, params.conversation_id)
      const personaId = record.data.persona_id
      const persona =
        typeof personaId === 'string' ? await ports.store.getRecord(PERSONA, personaId) : undefined
      return {
        status: 200,
        body: { ...(await conversationView(ports, record)), persona: persona ? recordView(persona) : null },
      }
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/conversations/:conversation_id',
    operationId: 'updateConversation',
    summary: 'Update a conversation',
    description:
      'The create fields, all optional; fields left out keep their value and `null` clears an optional one. `user_id` must be the caller’s; `persona_id` must name a persona.',
    tags,
    errorStyle: 'platform',
    ...byId,
    body: updateConversationBody,
    responses: { 200: one, 404: error('Conversation or persona not found'), 422: invalid },
    async handler({ params, body }, ports) {
      const record = await requireConversation(ports, params.conversation_id)
      await callerFromBody(ports, body.user_id)
      await requirePersonaIfNamed(ports, body.persona_id)
      const { user_id: _userId, ...patch } = body
      const updated = patchedRecord(ports, record, patch)
      await putRecord(ports, updated)
      return { status: 200, body: await conversationView(ports, updated) }
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/conversations/:conversation_id/persona',
    operationId: 'setConversationPersona',
    summary: 'Change (or remove, with null) a conversation’s persona',
    tags,
    errorStyle: 'platform',
    ...byId,
    body: setPersonaBody,
    responses: { 200: one, 404: error('Conversation or persona not found'), 422: invalid },
    async handler({ params, body }, ports) {
      const record = await requireConversation(ports, params.conversation_id)
      await requirePersonaIfNamed(ports, body.persona_id)
      const updated = patchedRecord(ports, record, { persona_id: body.persona_id })
      await putRecord(ports, updated)
      return { status: 200, body: await conversationView(ports, updated) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/conversations/:conversation_id',
    operationId: 'deleteConversation',
    summary: 'Delete a conversation with its messages',
    description: 'The conversation, its messages and its tag attachments go in one step; the tags stay.',
    tags,
    ...byId,
    responses: { 204: { description: 'Deleted' }, 404: notFound },
    async handler({ params }, ports) {
      await requireConversation(ports, params.conversation_id)
      await ports.store.writeRecords(await conversationDeletion(ports, params.conversation_id))
      return { status: 204 }
    },
  }),
  ...conversationTagRoutes,
  ...messageRoutes,
  conversationReplyRoute,
]
