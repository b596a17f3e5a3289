import { z } from 'zod'
import type { ApiPorts } from '../../ApiPorts'
import { validationErrorSchema, errorResponse as error } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import { resolveCallerId } from '../compat/callerUserId'
import { newestFirst } from '../newestFirst'
import { recordView, type RecordPorts } from '../../../records/platformRecords'
import { personaKind } from '../../../records/kinds/personaKind'
import { personaSchema } from '../personas/personaSchemas'
import { userIdParams } from '../tags/tagSchemas'
import { conversationKind } from '../../../records/kinds/conversationKind'
import { conversationReplyRoute } from './conversationReplyRoute'
import {
  conversationDeletion,
  conversationMessages,
  conversationView,
  conversationViews,
  requirePersonaIfNamed,
  requireConversation,
} from './conversationRecords'
import {
  conversationSchema,
  createConversationBody,
  messageSchema,
  messagesQuery,
  setPersonaBody,
  skipLimit,
  skipLimitQuery,
  updateConversationBody,
  userConversationsQuery,
} from './conversationSchemas'
import { conversationTagKind } from '../../../records/kinds/conversationTagKind'
import { conversationTagRoutes } from './conversationTagRoutes'
import { messageRoutes } from './messageRoutes'
import { requireCaller } from './requireCaller'

const tags = ['Conversations']
const CONVERSATION_NOT_FOUND = conversationKind.notFound
const PERSONA_NOT_FOUND = personaKind.notFound
const notFound = error(CONVERSATION_NOT_FOUND)
const forbidden = error('Another user’s id')
const invalid = { description: 'Validation error', schema: validationErrorSchema }
const one = { description: 'The conversation, with its tags', schema: conversationSchema }
const LIST =
  'A bare JSON array, as BrainDrive answers it (the chat plugin reads the array itself), ordered by `updated_at`, newest first (a new message moves a conversation up): `skip` (or `offset`) and `limit` (1..100, default 20) choose the slice. Each conversation carries `tags`, the attached tag objects.'

/** Conversations are records of the caller's (`user_id`), with their messages, tags and persona; new ones need the clock and ids. */
type ConversationPorts = Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts

/** One slice of conversations, newest first, as the API shows them. */
async function slice(
  ports: RecordPorts,
  records: StoredRecord[],
  query: { skip?: number; offset?: number; limit: number },
) {
  return { status: 200, body: await conversationViews(ports, skipLimit(newestFirst(records), query)) }
}

const byId = {
  params: conversationKind.params,
  notFoundDetail: CONVERSATION_NOT_FOUND,
}

export const conversationRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/users/:user_id/conversations',
    operationId: 'listUserConversations',
    summary: 'The caller’s conversations, most recently active first',
    description: `${LIST} Optional filters, combined as BrainDrive combines them: \`conversation_type\`, \`page_id\`, \`persona_id\`, \`tag_id\`. \`user_id\` is \`current\` or the caller’s id (with or without hyphens); another user’s id answers 403.`,
    tags,
    errorStyle: 'platform',
    params: userIdParams,
    query: userConversationsQuery,
    responses: {
      200: { description: 'The conversations', schema: z.array(conversationSchema) },
      403: forbidden,
      422: invalid,
    },
    async handler({ params, query }, ports: ConversationPorts) {
      await requireCaller(ports, params.user_id)
      const tagged = query.tag_id
        ? new Set(
            (await conversationTagKind.list(ports))
              .filter((link) => link.data.tag_id === query.tag_id)
              .map((link) => link.parent_id),
          )
        : undefined
      const matching = (await conversationKind.list(ports)).filter(
        (c) =>
          (query.conversation_type === undefined || c.data.conversation_type === query.conversation_type) &&
          (query.page_id === undefined || c.data.page_id === query.page_id) &&
          (query.persona_id === undefined || c.data.persona_id === query.persona_id) &&
          (tagged === undefined || tagged.has(c.id)),
      )
      return slice(ports, matching, query)
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/conversations/by-persona/:persona_id',
    operationId: 'listPersonaConversations',
    summary: 'Conversations with a persona, most recently active first',
    description: `${LIST} An unknown persona answers 404.`,
    tags,
    errorStyle: 'platform',
    params: personaKind.params,
    notFoundDetail: PERSONA_NOT_FOUND,
    query: skipLimitQuery(20),
    responses: {
      200: { description: 'The conversations', schema: z.array(conversationSchema) },
      404: error(PERSONA_NOT_FOUND),
      422: invalid,
    },
    async handler({ params, query }, ports: ConversationPorts) {
      await personaKind.require(ports, params.persona_id)
      const all = await conversationKind.list(ports)
      return slice(
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
      'Every field is optional. `user_id`, which BrainDrive’s clients send, is `current` or the caller’s id (with or without hyphens); another user’s id answers 403, as BrainDrive does. `persona_id` must name a persona (404 otherwise). `conversation_type` defaults to `chat`; unset fields are null. Differs from BrainDrive: `user_id` may be left out (the caller), and the answer is 201 (BrainDrive: 200).',
    tags,
    errorStyle: 'platform',
    body: createConversationBody,
    responses: { 201: one, 403: forbidden, 404: error(PERSONA_NOT_FOUND), 422: invalid },
    async handler({ body }, ports: ConversationPorts) {
      const userId = await resolveCallerId(ports, body.user_id ?? 'current')
      await requirePersonaIfNamed(ports, body.persona_id)
      const record = conversationKind.create(ports, {
        user_id: userId,
        title: body.title ?? null,
        page_context: body.page_context ?? null,
        page_id: body.page_id ?? null,
        model: body.model ?? null,
        server: body.server ?? null,
        conversation_type: body.conversation_type ?? 'chat',
        persona_id: body.persona_id ?? null,
      })
      await conversationKind.put(ports, record)
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
    async handler({ params }, ports: ConversationPorts) {
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
    summary: 'Get a conversation with its messages, oldest first',
    description:
      'Every message, oldest first, unless `skip`/`limit` (1..500) ask for a slice. Differs from BrainDrive: without `limit` every message is answered (BrainDrive answers the first 50), so a long conversation is never cut short. Senders are the spec’s `user`, `assistant`, `system` (BrainDrive stores `llm` for the model’s messages).',
    tags,
    errorStyle: 'platform',
    ...byId,
    query: messagesQuery,
    responses: {
      200: {
        description: 'The conversation with `messages`',
        schema: conversationSchema.extend({ messages: z.array(messageSchema) }),
      },
      404: notFound,
      422: invalid,
    },
    async handler({ params, query }, ports: ConversationPorts) {
      const record = await requireConversation(ports, params.conversation_id)
      const all = await conversationMessages(ports, record.id)
      const start = query.skip ?? 0
      const messages = all.slice(start, query.limit === undefined ? undefined : start + query.limit)
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
    async handler({ params }, ports: ConversationPorts) {
      const record = await requireConversation(ports, params.conversation_id)
      const personaId = record.data.persona_id
      const persona = typeof personaId === 'string' ? await personaKind.find(ports, personaId) : undefined
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
      'The create fields, all optional; fields left out keep their value and `null` clears an optional one. `persona_id` must name a persona. A conversation keeps its owner: `user_id` and other unknown fields are ignored, as BrainDrive ignores them.',
    tags,
    errorStyle: 'platform',
    ...byId,
    body: updateConversationBody,
    responses: { 200: one, 404: error('Conversation or persona not found'), 422: invalid },
    async handler({ params, body }, ports: ConversationPorts) {
      const record = await requireConversation(ports, params.conversation_id)
      await requirePersonaIfNamed(ports, body.persona_id)
      const updated = conversationKind.patch(ports, record, body)
      await conversationKind.put(ports, updated)
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
    async handler({ params, body }, ports: ConversationPorts) {
      const record = await requireConversation(ports, params.conversation_id)
      await requirePersonaIfNamed(ports, body.persona_id)
      const updated = conversationKind.patch(ports, record, { persona_id: body.persona_id })
      await conversationKind.put(ports, updated)
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
    async handler({ params }, ports: ConversationPorts) {
      await requireConversation(ports, params.conversation_id)
      await ports.store.records.writeRecords(await conversationDeletion(ports, params.conversation_id))
      return { status: 204 }
    },
  }),
  ...conversationTagRoutes,
  ...messageRoutes,
  conversationReplyRoute,
]
