import { check, checkEqual, checkMatch, TIMESTAMP_MS_Z, UUID_V4 } from '../../testing/check'
import type { HostCase } from '../../testing/HostCase'
import type { ContractClient } from './ContractClient'
import { UNKNOWN_ID } from './contractFixtures'
import {
  type ConversationBody,
  getConversation,
  type MessageBody,
  newConversation,
  newPersona,
  say,
  userConversations,
} from './conversationContractFixtures'
import { call, callerId, expectInvalid, expectNotFound } from './recordContractFixtures'

const V1 = '/api/v1'
const CONVERSATIONS = `${V1}/conversations`

export const conversationsContract: HostCase<ContractClient>[] = [
  {
    name: 'Conversations: POST creates with defaults; GET plain, with-messages and with-persona; PUT is partial',
    async run(client) {
      const me = await callerId(client)
      const bare = await call<ConversationBody>(client, 'POST', CONVERSATIONS, {}, 201)
      checkMatch(bare.id, UUID_V4, 'id')
      checkMatch(bare.updated_at, TIMESTAMP_MS_Z, 'updated_at')
      checkEqual(
        Object.keys(bare).sort(),
        [
          'conversation_type',
          'created_at',
          'id',
          'model',
          'page_context',
          'page_id',
          'persona_id',
          'server',
          'tags',
          'title',
          'updated_at',
          'user_id',
        ],
        'fields',
      )
      checkEqual(
        [bare.user_id, bare.title, bare.conversation_type, bare.persona_id, bare.tags],
        [me, null, 'chat', null, []],
        'defaults',
      )

      const persona = await newPersona(client, { system_prompt: 'Be brief.' })
      const full = await newConversation(client, {
        user_id: me,
        title: 'Planning',
        page_context: 'dashboard',
        page_id: '0b6f6a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
        model: 'llama3.2',
        server: 'http://localhost:11434',
        conversation_type: 'assistant',
        persona_id: persona.id,
      })
      checkEqual(
        [full.title, full.model, full.conversation_type, full.persona_id],
        ['Planning', 'llama3.2', 'assistant', persona.id],
        'given fields',
      )
      checkEqual(await getConversation(client, full.id), full, 'GET answers what POST did')
      const withPersona = await call<
        ConversationBody & { persona: { id: string; system_prompt: string } | null }
      >(client, 'GET', `${CONVERSATIONS}/${full.id}/with-persona`, undefined, 200)
      checkEqual(
        [withPersona.persona?.id, withPersona.persona?.system_prompt],
        [persona.id, 'Be brief.'],
        'with-persona',
      )
      const noPersona = await call<{ persona: unknown }>(
        client,
        'GET',
        `${CONVERSATIONS}/${bare.id}/with-persona`,
        undefined,
        200,
      )
      checkEqual(noPersona.persona, null, 'with-persona without one')

      const renamed = await call<ConversationBody>(
        client,
        'PUT',
        `${CONVERSATIONS}/${full.id}`,
        { title: 'Renamed', model: null },
        200,
      )
      checkEqual(
        [renamed.title, renamed.model, renamed.page_context, renamed.persona_id],
        ['Renamed', null, 'dashboard', persona.id],
        'partial update',
      )
      check(renamed.updated_at > full.updated_at, 'updated_at moves')

      await expectInvalid(client, 'POST', CONVERSATIONS, { title: 5 }, 'title')
      await expectInvalid(client, 'POST', CONVERSATIONS, { user_id: UNKNOWN_ID }, 'user_id')
      await expectInvalid(client, 'POST', CONVERSATIONS, { persona_id: 'Ada' }, 'persona_id')
      await expectInvalid(client, 'POST', CONVERSATIONS, { titel: 'typo' }, 'titel')
      await expectInvalid(
        client,
        'PUT',
        `${CONVERSATIONS}/${full.id}`,
        { conversation_type: '' },
        'conversation_type',
      )
      await expectInvalid(client, 'PUT', `${CONVERSATIONS}/${full.id}`, { user_id: UNKNOWN_ID }, 'user_id')
      await expectNotFound(client, 'POST', CONVERSATIONS, { persona_id: UNKNOWN_ID }, 'Persona not found')
      await expectNotFound(
        client,
        'PUT',
        `${CONVERSATIONS}/${full.id}`,
        { persona_id: UNKNOWN_ID },
        'Persona not found',
      )
      await expectNotFound(
        client,
        'GET',
        `${CONVERSATIONS}/${UNKNOWN_ID}`,
        undefined,
        'Conversation not found',
      )
      await expectNotFound(
        client,
        'GET',
        `${CONVERSATIONS}/nope/with-messages`,
        undefined,
        'Conversation not found',
      )
      await expectNotFound(
        client,
        'PUT',
        `${CONVERSATIONS}/${UNKNOWN_ID}`,
        { title: 'x' },
        'Conversation not found',
      )
    },
  },
  {
    name: 'Conversations: messages are kept oldest first and move their conversation to the top of the list',
    async run(client) {
      const older = await newConversation(client)
      const newer = await newConversation(client)
      let page = await userConversations(client)
      const position = (id: string) => page.items.findIndex((c) => c.id === id)
      check(position(newer.id) >= 0 && position(newer.id) < position(older.id), 'newest first')

      const first = await say(client, older.id, 'user', 'Hello there')
      const second = await call<MessageBody>(
        client,
        'POST',
        `${CONVERSATIONS}/${older.id}/messages`,
        { sender: 'assistant', message: 'Hi!', message_metadata: { model: 'm' } },
        201,
      )
      checkEqual(
        [first.conversation_id, first.sender, first.message, first.message_metadata],
        [older.id, 'user', 'Hello there', {}],
        'stored message',
      )
      checkEqual(second.message_metadata, { model: 'm' }, 'metadata kept')
      page = await userConversations(client)
      checkEqual(page.items[0]?.id, older.id, 'a new message moves the conversation to the top')
      checkEqual(
        page.items[0]?.updated_at,
        second.created_at,
        "the conversation's updated_at is the message's time",
      )

      const messages = await call<MessageBody[]>(
        client,
        'GET',
        `${CONVERSATIONS}/${older.id}/messages`,
        undefined,
        200,
      )
      checkEqual(
        messages.map((m) => m.id),
        [first.id, second.id],
        'oldest first',
      )
      const withMessages = await call<ConversationBody & { messages: MessageBody[] }>(
        client,
        'GET',
        `${CONVERSATIONS}/${older.id}/with-messages`,
        undefined,
        200,
      )
      checkEqual(withMessages.messages, messages, 'with-messages')
      checkEqual(withMessages.title, older.title, 'with-messages carries the conversation')

      await expectInvalid(
        client,
        'POST',
        `${CONVERSATIONS}/${older.id}/messages`,
        { sender: 'bot', message: 'x' },
        'sender',
      )
      await expectInvalid(
        client,
        'POST',
        `${CONVERSATIONS}/${older.id}/messages`,
        { sender: 'user' },
        'message',
      )
      await expectInvalid(
        client,
        'POST',
        `${CONVERSATIONS}/${older.id}/messages`,
        { sender: 'user', message: 1 },
        'message',
      )
      await expectNotFound(
        client,
        'POST',
        `${CONVERSATIONS}/${UNKNOWN_ID}/messages`,
        { sender: 'user', message: 'x' },
        'Conversation not found',
      )
      await expectNotFound(
        client,
        'GET',
        `${CONVERSATIONS}/${UNKNOWN_ID}/messages`,
        undefined,
        'Conversation not found',
      )
    },
  },
  {
    name: "Conversations: the user's list paginates; other users' paths answer 404",
    async run(client) {
      await newConversation(client)
      await newConversation(client)
      const all = await userConversations(client)
      const total = all.total_items
      check(total >= 2, 'at least two conversations')
      const one = await userConversations(client, 'limit=1&offset=1')
      checkEqual(
        [one.items.map((c) => c.id), one.total_items, one.page, one.page_size, one.total_pages],
        [[all.items[1]!.id], total, 2, 1, total],
        'one per page',
      )
      const beyond = await userConversations(client, `limit=5&offset=${total + 5}`)
      checkEqual(
        [beyond.items, beyond.total_items, beyond.total_pages],
        [[], total, Math.ceil(total / 5)],
        'offset past the end',
      )
      const me = await callerId(client)
      await expectInvalid(client, 'GET', `${V1}/users/${me}/conversations?limit=101`, undefined, 'limit')
      await expectInvalid(client, 'GET', `${V1}/users/${me}/conversations?offset=x`, undefined, 'offset')
      await expectNotFound(
        client,
        'GET',
        `${V1}/users/${UNKNOWN_ID}/conversations`,
        undefined,
        'User not found',
      )
      await expectNotFound(client, 'GET', `${V1}/users/me/conversations`, undefined, 'User not found')
    },
  },
]
