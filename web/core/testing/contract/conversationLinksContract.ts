// Conversations' links: persona, tags, and the reply that needs a model.
import { check, checkEqual } from '../check'
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
  V1,
} from './conversationContractFixtures'
import { call, expectInvalid, expectNotFound, unique } from './recordContractFixtures'

export const conversationLinksContract: HostCase<ContractClient>[] = [
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
      // A bare array, as BrainDrive answers it (this issue changed it: it was the pagination envelope).
      const byPersona = await call<ConversationBody[]>(
        client,
        'GET',
        `${CONVERSATIONS}/by-persona/${persona.id}`,
        undefined,
        200,
      )
      checkEqual(
        byPersona.map((c) => c.id),
        [b.id, a.id],
        'by-persona, newest first',
      )
      const paged = await call<ConversationBody[]>(
        client,
        'GET',
        `${CONVERSATIONS}/by-persona/${persona.id}?limit=1&skip=1`,
        undefined,
        200,
      )
      checkEqual(
        paged.map((c) => c.id),
        [a.id],
        'by-persona slices with skip and limit',
      )
      const empty = await call<ConversationBody[]>(
        client,
        'GET',
        `${CONVERSATIONS}/by-persona/${other.id}`,
        undefined,
        200,
      )
      checkEqual(empty.length, 0, 'none for another persona')

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
      const tagged = await call<ConversationBody[]>(
        client,
        'GET',
        `${V1}/tags/${tag.id}/conversations`,
        undefined,
        200,
      )
      checkEqual(tagged.length, 0, 'the deleted conversation no longer carries the tag')
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
