import { check, checkEqual, checkMatch, TIMESTAMP_MS_Z, UUID_V4 } from '../../testing/check'
import type { HostCase } from '../../testing/HostCase'
import type { ContractClient } from './ContractClient'
import { UNKNOWN_ID } from './contractFixtures'
import {
  type ConversationBody,
  getConversation,
  newConversation,
  newPersona,
} from './conversationContractFixtures'
import {
  call,
  callerId,
  expectInvalid,
  expectNotFound,
  type PageBody,
  unique,
} from './recordContractFixtures'

const V1 = '/api/v1'
const CONVERSATIONS = `${V1}/conversations`

interface MessageBody {
  id: string
  conversation_id: string
  sender: string
  message: string
  message_metadata: Record<string, unknown>
  created_at: string
}

async function userConversations(
  client: ContractClient,
  query = 'limit=100',
): Promise<PageBody<ConversationBody>> {
  return call<PageBody<ConversationBody>>(
    client,
    'GET',
    `${V1}/users/${await callerId(client)}/conversations?${query}`,
    undefined,
    200,
  )
}

function say(client: ContractClient, id: string, sender: string, message: string): Promise<MessageBody> {
  return call<MessageBody>(client, 'POST', `${CONVERSATIONS}/${id}/messages`, { sender, message }, 201)
}

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
  {
    name: 'Conversations: PUT /persona sets and clears it; by-persona lists the persona’s conversations',
    async run(client) {
      const persona = await newPersona(client)
      const other = await newPersona(client)
      const a = await newConversation(client, { persona_id: persona.id })
      const b = await newConversation(client)
      const set = await call<ConversationBody>(
        client,
        'PUT',
        `${CONVERSATIONS}/${b.id}/persona`,
        { persona_id: persona.id },
        200,
      )
      checkEqual(set.persona_id, persona.id, 'set')
      const byPersona = await call<PageBody<ConversationBody>>(
        client,
        'GET',
        `${CONVERSATIONS}/by-persona/${persona.id}`,
        undefined,
        200,
      )
      checkEqual(
        [byPersona.items.map((c) => c.id), byPersona.total_items],
        [[b.id, a.id], 2],
        'by-persona, newest first',
      )
      const paged = await call<PageBody<ConversationBody>>(
        client,
        'GET',
        `${CONVERSATIONS}/by-persona/${persona.id}?limit=1&offset=5`,
        undefined,
        200,
      )
      checkEqual([paged.items, paged.total_items, paged.total_pages], [[], 2, 2], 'by-persona paginates')
      const empty = await call<PageBody<ConversationBody>>(
        client,
        'GET',
        `${CONVERSATIONS}/by-persona/${other.id}`,
        undefined,
        200,
      )
      checkEqual(empty.total_items, 0, 'none for another persona')

      const cleared = await call<ConversationBody>(
        client,
        'PUT',
        `${CONVERSATIONS}/${b.id}/persona`,
        { persona_id: null },
        200,
      )
      checkEqual(cleared.persona_id, null, 'cleared')
      await expectInvalid(client, 'PUT', `${CONVERSATIONS}/${b.id}/persona`, {}, 'persona_id')
      await expectInvalid(client, 'PUT', `${CONVERSATIONS}/${b.id}/persona`, { persona_id: 3 }, 'persona_id')
      await expectNotFound(
        client,
        'PUT',
        `${CONVERSATIONS}/${b.id}/persona`,
        { persona_id: UNKNOWN_ID },
        'Persona not found',
      )
      await expectNotFound(
        client,
        'PUT',
        `${CONVERSATIONS}/${UNKNOWN_ID}/persona`,
        { persona_id: null },
        'Conversation not found',
      )
      await expectNotFound(
        client,
        'GET',
        `${CONVERSATIONS}/by-persona/${UNKNOWN_ID}`,
        undefined,
        'Persona not found',
      )
    },
  },
  {
    name: 'Conversations: tags attach idempotently and detach; DELETE takes the messages and attachments along',
    async run(client) {
      const conversation = await newConversation(client)
      const tag = await call<{ id: string; name: string }>(
        client,
        'POST',
        `${V1}/tags`,
        { name: unique('Tag'), color: '#112233' },
        201,
      )
      const path = `${CONVERSATIONS}/${conversation.id}/tags`
      const attached = await call<ConversationBody>(client, 'POST', path, { tag_id: tag.id }, 200)
      checkEqual(
        attached.tags.map((t) => [t.id, t.name, t.color]),
        [[tag.id, tag.name, '#112233']],
        'tag objects',
      )
      const twice = await call<ConversationBody>(client, 'POST', path, { tag_id: tag.id }, 200)
      checkEqual(twice.tags.length, 1, 'attaching again changes nothing')
      checkEqual(
        (await getConversation(client, conversation.id)).tags.map((t) => t.id),
        [tag.id],
        'GET shows it',
      )
      await expectInvalid(client, 'POST', path, {}, 'tag_id')
      await expectInvalid(client, 'POST', path, { tag_id: 'work' }, 'tag_id')
      await expectNotFound(client, 'POST', path, { tag_id: UNKNOWN_ID }, 'Tag not found')

      await call(client, 'DELETE', `${path}/${tag.id}`, undefined, 204)
      checkEqual((await getConversation(client, conversation.id)).tags, [], 'detached')
      await call(client, 'DELETE', `${path}/${tag.id}`, undefined, 204)
      await expectNotFound(client, 'DELETE', `${path}/${UNKNOWN_ID}`, undefined, 'Tag not found')

      await call(client, 'POST', path, { tag_id: tag.id }, 200)
      await say(client, conversation.id, 'user', 'Something to delete')
      await call(client, 'DELETE', `${CONVERSATIONS}/${conversation.id}`, undefined, 204)
      await expectNotFound(
        client,
        'GET',
        `${CONVERSATIONS}/${conversation.id}`,
        undefined,
        'Conversation not found',
      )
      await expectNotFound(
        client,
        'GET',
        `${CONVERSATIONS}/${conversation.id}/messages`,
        undefined,
        'Conversation not found',
      )
      await expectNotFound(
        client,
        'DELETE',
        `${CONVERSATIONS}/${conversation.id}`,
        undefined,
        'Conversation not found',
      )
      const tagged = await call<PageBody<ConversationBody>>(
        client,
        'GET',
        `${V1}/tags/${tag.id}/conversations`,
        undefined,
        200,
      )
      checkEqual(tagged.total_items, 0, 'the deleted conversation no longer carries the tag')
    },
  },
  {
    name: 'Conversations: reply without a language model answers 409 and stores nothing',
    async run(client) {
      const settings = await call<{ generator: { kind: string } }>(
        client,
        'GET',
        '/api/settings',
        undefined,
        200,
      )
      checkEqual(settings.generator.kind, 'extractive', 'the default generator has no language model')
      const conversation = await newConversation(client)
      await say(client, conversation.id, 'user', 'Hello?')
      const refused = await call<{ detail: string }>(
        client,
        'POST',
        `${CONVERSATIONS}/${conversation.id}/reply`,
        undefined,
        409,
      )
      check(refused.detail.includes('needs a language model'), `detail: ${refused.detail}`)
      await call(client, 'POST', `${CONVERSATIONS}/${conversation.id}/reply`, { stream: true }, 409)
      await expectInvalid(
        client,
        'POST',
        `${CONVERSATIONS}/${conversation.id}/reply`,
        { stream: 'yes' },
        'stream',
      )
      await expectNotFound(
        client,
        'POST',
        `${CONVERSATIONS}/${UNKNOWN_ID}/reply`,
        undefined,
        'Conversation not found',
      )
      const messages = await call<MessageBody[]>(
        client,
        'GET',
        `${CONVERSATIONS}/${conversation.id}/messages`,
        undefined,
        200,
      )
      checkEqual(messages.length, 1, 'nothing stored')
    },
  },
]
