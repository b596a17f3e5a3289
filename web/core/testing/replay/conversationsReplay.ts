import type { ContractClient } from '../contract/ContractClient'
import { unique } from '../contract/recordContractFixtures'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

/**
 * BrainDrive-Chat-Plugin's conversation calls. The plugin's conversations are made by the AI chat
 * endpoint; here they are made as BrainDrive's `ConversationCreate` makes them (`user_id` in the body),
 * with messages as BrainDrive stores them (the model's as `llm`, which Quire stores as `assistant`).
 */
const CHAT = 'BrainDriveAI/BrainDrive-Chat-Plugin src/BrainDriveChat.tsx'
const AI = 'BrainDriveAI/BrainDrive-Chat-Plugin src/services/aiService.ts'
const V1 = '/api/v1'

interface Conversation {
  id: string
  user_id: string
  updated_at: string
}

async function me(client: ContractClient): Promise<string> {
  const { body } = await replay<{ id: string }>(client, { method: 'GET', path: `${V1}/auth/me` }, 200)
  expectFields(body, { id: 'string' }, 'GET /auth/me')
  return body.id
}

/** A conversation as BrainDrive's `ConversationCreate` asks for it. */
async function newConversation(
  client: ContractClient,
  userId: string,
  fields: Record<string, unknown> = {},
): Promise<Conversation> {
  const json = { user_id: userId, title: unique('Replay chat'), conversation_type: 'chat', ...fields }
  const { body } = await replay<Conversation>(
    client,
    { method: 'POST', path: `${V1}/conversations`, json },
    [200, 201],
  )
  expectFields(body, { id: 'string', user_id: 'string' }, 'POST /conversations')
  return body
}

async function say(client: ContractClient, id: string, sender: string, message: string) {
  await replay(
    client,
    { method: 'POST', path: `${V1}/conversations/${id}/messages`, json: { sender, message } },
    [200, 201],
  )
}

/** `fetchConversations` / `refreshConversationsList`: the plugin's query, the answer read as an array. */
async function userConversations(client: ContractClient, userId: string, pageId?: string) {
  const query = `skip=0&limit=50&conversation_type=chat${pageId ? `&page_id=${pageId}` : ''}`
  const { body } = await replay(
    client,
    { method: 'GET', path: `${V1}/users/${userId}/conversations?${query}` },
    200,
  )
  const list = expectArray<Conversation>(body, 'GET /users/{id}/conversations')
  for (const conversation of list) {
    expectFields(conversation, { id: 'string', user_id: 'string', updated_at: 'string' }, 'a conversation')
  }
  return list
}

export const conversationsReplay: ReplayCase[] = [
  {
    name: 'Conversations: the chat plugin lists the user’s chats (skip, limit, conversation_type) as a bare array, most recent first',
    sources: [`${CHAT}:765`, `${CHAT}:673`],
    async run(client) {
      const userId = await me(client)
      const older = await newConversation(client, userId)
      const newer = await newConversation(client, userId)
      const email = await newConversation(client, userId, { conversation_type: 'email_reply' })
      await say(client, older.id, 'user', 'Bring this one to the top')
      const list = await userConversations(client, userId)
      const ids = list.map((c) => c.id)
      check(ids.indexOf(older.id) === 0, 'a new message brings a conversation to the top')
      check(ids.indexOf(newer.id) > 0, 'the other chat is listed after it')
      check(!ids.includes(email.id), 'conversation_type=chat leaves other types out')
      check(list.length <= 50, 'limit=50')
      check(
        list.every((c) => c.user_id === userId),
        'every conversation is the user’s (the plugin drops those without user_id)',
      )
    },
  },
  {
    name: 'Conversations: on a page the chat plugin lists that page’s chats (page_id)',
    sources: [`${CHAT}:765`, `${CHAT}:673`],
    async run(client) {
      const userId = await me(client)
      const pageId = crypto.randomUUID()
      const onPage = await newConversation(client, userId, { page_id: pageId })
      await newConversation(client, userId)
      const list = await userConversations(client, userId, pageId)
      checkEqual(
        list.map((c) => c.id),
        [onPage.id],
        'only the page’s conversation',
      )
    },
  },
  {
    name: 'Conversations: the chat plugin opens a chat with its persona (with-persona) and its messages (with-messages)',
    sources: [`${AI}:207`, `${CHAT}:1345`],
    async run(client) {
      const userId = await me(client)
      const persona = await replay<{ id: string }>(
        client,
        {
          method: 'POST',
          path: `${V1}/personas`,
          json: { name: unique('Replay tutor'), system_prompt: 'You teach.', sample_greeting: 'Hi!' },
        },
        [200, 201],
      )
      const conversation = await newConversation(client, userId, {
        persona_id: persona.body.id,
        model: 'llama3:8b',
        server: 'Local Ollama',
      })
      await say(client, conversation.id, 'user', 'What is 2 + 2?')
      await say(client, conversation.id, 'llm', 'Four.')

      const withPersona = await replay(
        client,
        { method: 'GET', path: `${V1}/conversations/${conversation.id}/with-persona` },
        200,
      )
      expectFields(
        withPersona.body,
        { persona: 'object', persona_id: 'string', model: 'string', server: 'string' },
        'with-persona',
      )
      const read = withPersona.body as { persona: { id: string; sample_greeting: string } }
      checkEqual(read.persona.id, persona.body.id, 'persona.id')

      const withMessages = await replay(
        client,
        { method: 'GET', path: `${V1}/conversations/${conversation.id}/with-messages` },
        200,
      )
      expectFields(withMessages.body, { messages: 'array' }, 'with-messages')
      const messages = (withMessages.body as { messages: unknown[] }).messages
      for (const message of messages) {
        expectFields(
          message,
          { id: 'string', sender: 'string', message: 'string', created_at: 'string' },
          'a message',
        )
      }
      // The spec's sender wins for what Quire sends: the model's message is `assistant` (the plugin
      // looks for BrainDrive's `llm`; see the report's exceptions).
      checkEqual(
        messages.map((m) => [(m as { sender: string }).sender, (m as { message: string }).message]),
        [
          ['user', 'What is 2 + 2?'],
          ['assistant', 'Four.'],
        ],
        'messages oldest first',
      )
    },
  },
  {
    name: 'Conversations: the chat plugin renames a chat (PUT {title})',
    sources: [`${CHAT}:1163`],
    async run(client) {
      const conversation = await newConversation(client, await me(client))
      const title = unique('Renamed chat')
      await replay(
        client,
        { method: 'PUT', path: `${V1}/conversations/${conversation.id}`, json: { title } },
        200,
      )
      const { body } = await replay<{ title: string }>(
        client,
        { method: 'GET', path: `${V1}/conversations/${conversation.id}` },
        200,
      )
      checkEqual(body.title, title, 'the new title is kept')
    },
  },
  {
    name: 'Conversations: the chat plugin sets and clears a chat’s persona (PUT /persona)',
    sources: [`${AI}:226`],
    async run(client) {
      const conversation = await newConversation(client, await me(client))
      const persona = await replay<{ id: string }>(
        client,
        {
          method: 'POST',
          path: `${V1}/personas`,
          json: { name: unique('Replay persona'), system_prompt: 'Be brief.' },
        },
        [200, 201],
      )
      const path = `${V1}/conversations/${conversation.id}/persona`
      const set = await replay<{ persona_id: string | null }>(
        client,
        { method: 'PUT', path, json: { persona_id: persona.body.id } },
        200,
      )
      checkEqual(set.body.persona_id, persona.body.id, 'persona set')
      const cleared = await replay<{ persona_id: string | null }>(
        client,
        { method: 'PUT', path, json: { persona_id: null } },
        200,
      )
      checkEqual(cleared.body.persona_id, null, 'persona cleared')
    },
  },
  {
    name: 'Conversations: the chat plugin deletes a chat',
    sources: [`${CHAT}:1256`],
    async run(client) {
      const userId = await me(client)
      const conversation = await newConversation(client, userId)
      const deleted = await replay(client, {
        method: 'DELETE',
        path: `${V1}/conversations/${conversation.id}`,
      })
      check(deleted.status >= 200 && deleted.status < 300, `DELETE answers 2xx (${deleted.status})`)
      const list = await userConversations(client, userId)
      check(!list.some((c) => c.id === conversation.id), 'the chat is gone from the list')
    },
  },
]
