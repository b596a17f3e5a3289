import { check, checkEqual, checkMatch, TIMESTAMP_MS_Z, UUID_V4 } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { UNKNOWN_ID } from './contractFixtures'
import {
  CONVERSATIONS,
  type ConversationBody,
  getConversation,
  type MessageBody,
  newConversation,
  newPersona,
  say,
  userConversations,
  V1,
} from './conversationContractFixtures'
import { call, callerId, expectInvalid, expectNotFound } from './recordContractFixtures'

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
      // Another user's id is 403 and unknown fields are ignored, as in BrainDrive (this issue changed
      // both: they were 422).
      await call(client, 'POST', CONVERSATIONS, { user_id: UNKNOWN_ID }, 403)
      await expectInvalid(client, 'POST', CONVERSATIONS, { persona_id: 'Ada' }, 'persona_id')
      const typo = await call<ConversationBody>(client, 'POST', CONVERSATIONS, { titel: 'typo' }, 201)
      check(!('titel' in typo) && typo.title === null, 'an unknown field is ignored')
      const mine = await call<ConversationBody>(
        client,
        'POST',
        CONVERSATIONS,
        { user_id: me.replaceAll('-', ''), title: 'hyphenless owner' },
        201,
      )
      checkEqual(mine.user_id, me, 'the caller’s id without hyphens is the caller')
      await expectInvalid(
        client,
        'PUT',
        `${CONVERSATIONS}/${full.id}`,
        { conversation_type: '' },
        'conversation_type',
      )
      const kept = await call<ConversationBody>(
        client,
        'PUT',
        `${CONVERSATIONS}/${full.id}`,
        { user_id: UNKNOWN_ID },
        200,
      )
      checkEqual(kept.user_id, me, 'a conversation keeps its owner (user_id is ignored on update)')
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
      const position = (id: string) => page.findIndex((c) => c.id === id)
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
      checkEqual(page[0]?.id, older.id, 'a new message moves the conversation to the top')
      checkEqual(
        page[0]?.updated_at,
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
      // BrainDrive's `llm` is accepted and stored as the spec's `assistant`.
      const llm = await say(client, older.id, 'llm', 'From the model')
      checkEqual(llm.sender, 'assistant', 'llm is stored as assistant')
      const sliced = await call<MessageBody[]>(
        client,
        'GET',
        `${CONVERSATIONS}/${older.id}/messages?skip=1&limit=1`,
        undefined,
        200,
      )
      checkEqual(
        sliced.map((m) => m.id),
        [second.id],
        'skip and limit slice the messages',
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
    name: "Conversations: the user's list is a bare array sliced by skip/limit and filtered; `current` and hyphenless ids are the caller, another user's id is 403",
    async run(client) {
      await newConversation(client)
      await newConversation(client)
      const all = await userConversations(client)
      check(all.length >= 2, 'at least two conversations')
      const one = await userConversations(client, 'limit=1&skip=1')
      checkEqual(
        one.map((c) => c.id),
        [all[1]!.id],
        'skip=1&limit=1',
      )
      checkEqual(
        (await userConversations(client, 'limit=1&offset=1')).map((c) => c.id),
        [all[1]!.id],
        'offset is read as skip',
      )
      checkEqual(await userConversations(client, `limit=5&skip=100000`), [], 'skip past the end')
      check((await userConversations(client, '')).length <= 20, 'limit defaults to 20, as BrainDrive')

      const pageId = crypto.randomUUID()
      const typed = await call<ConversationBody>(
        client,
        'POST',
        CONVERSATIONS,
        { conversation_type: 'email_reply', page_id: pageId },
        201,
      )
      checkEqual(
        (await userConversations(client, 'conversation_type=email_reply&limit=100')).some(
          (c) => c.id === typed.id,
        ),
        true,
        'conversation_type filter',
      )
      check(
        (await userConversations(client, 'conversation_type=chat&limit=100')).every(
          (c) => c.conversation_type === 'chat',
        ),
        'only that type',
      )
      checkEqual(
        (await userConversations(client, `page_id=${pageId.replaceAll('-', '')}`)).map((c) => c.id),
        [typed.id],
        'page_id filter, hyphenless',
      )

      const me = await callerId(client)
      for (const who of ['current', me.replaceAll('-', ''), me.toUpperCase()]) {
        const list = await call<ConversationBody[]>(
          client,
          'GET',
          `${V1}/users/${who}/conversations?limit=1`,
          undefined,
          200,
        )
        checkEqual(list.length, 1, `${who} is the caller`)
      }
      await expectInvalid(client, 'GET', `${V1}/users/${me}/conversations?limit=101`, undefined, 'limit')
      await expectInvalid(client, 'GET', `${V1}/users/${me}/conversations?skip=x`, undefined, 'skip')
      // Another user's id is 403, as BrainDrive answers it (this issue changed it: it was 404).
      await call(client, 'GET', `${V1}/users/${UNKNOWN_ID}/conversations`, undefined, 403)
      await call(client, 'GET', `${V1}/users/me/conversations`, undefined, 403)
    },
  },
]
