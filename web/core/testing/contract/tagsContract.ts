import { check, checkEqual, checkMatch, UUID_V4 } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { UNKNOWN_ID } from './contractFixtures'
import { type ConversationBody, getConversation, newConversation } from './conversationContractFixtures'
import { call, callerId, expectInvalid, expectNotFound, unique } from './recordContractFixtures'

const TAGS = '/api/v1/tags'

interface TagBody {
  id: string
  name: string
  color: string
  user_id: string
  created_at: string
  updated_at: string
}

function newTag(client: ContractClient, json: Record<string, unknown> = {}): Promise<TagBody> {
  return call<TagBody>(client, 'POST', TAGS, { name: unique('tag'), color: '#a0b0c0', ...json }, 201)
}

async function userTags(client: ContractClient): Promise<TagBody[]> {
  return call<TagBody[]>(client, 'GET', `/api/v1/users/${await callerId(client)}/tags`, undefined, 200)
}

function attach(client: ContractClient, conversationId: string, tagId: string) {
  return call<ConversationBody>(
    client,
    'POST',
    `/api/v1/conversations/${conversationId}/tags`,
    { tag_id: tagId },
    200,
  )
}

export const tagsContract: HostCase<ContractClient>[] = [
  {
    name: 'Tags: create, list by name, rename and recolour; names are unique ignoring case',
    async run(client) {
      const stem = unique('Tags')
      const zeta = await newTag(client, { name: `${stem} zeta`, color: '#ABCDEF' })
      checkMatch(zeta.id, UUID_V4, 'id')
      checkEqual(
        Object.keys(zeta).sort(),
        ['color', 'created_at', 'id', 'name', 'updated_at', 'user_id'],
        'fields',
      )
      checkEqual(
        [zeta.color, zeta.user_id],
        ['#abcdef', await callerId(client)],
        'colour in lower case, the caller’s',
      )
      const alpha = await call<TagBody>(client, 'POST', TAGS, { name: `${stem} Alpha` }, 201)
      checkMatch(alpha.color, /^#[0-9a-f]{6}$/, 'a default colour')

      const mine = (await userTags(client)).filter((t) => t.name.startsWith(stem))
      checkEqual(
        mine.map((t) => t.id),
        [alpha.id, zeta.id],
        'by name',
      )

      const renamed = await call<TagBody>(client, 'PUT', `${TAGS}/${zeta.id}`, { name: `${stem} beta` }, 200)
      checkEqual([renamed.name, renamed.color], [`${stem} beta`, '#abcdef'], 'rename keeps the colour')
      const recoloured = await call<TagBody>(client, 'PUT', `${TAGS}/${zeta.id}`, { color: '#000000' }, 200)
      checkEqual([recoloured.name, recoloured.color], [`${stem} beta`, '#000000'], 'recolour keeps the name')
      check(recoloured.updated_at > zeta.updated_at, 'updated_at moves')
      await call(client, 'PUT', `${TAGS}/${zeta.id}`, { name: `${stem} BETA` }, 200)

      const clash = await call<{ detail: string }>(
        client,
        'POST',
        TAGS,
        { name: `${stem} alpha`, color: '#000000' },
        409,
      )
      check(clash.detail.includes('already exists'), `409 detail: ${clash.detail}`)
      await call(client, 'PUT', `${TAGS}/${zeta.id}`, { name: `${stem} ALPHA` }, 409)

      await expectInvalid(client, 'POST', TAGS, { color: '#000000' }, 'name')
      await expectInvalid(client, 'POST', TAGS, { name: '   ' }, 'name')
      await expectInvalid(client, 'POST', TAGS, { name: 42 }, 'name')
      await expectInvalid(client, 'POST', TAGS, { name: unique('x'), color: 'red' }, 'color')
      await expectInvalid(client, 'POST', TAGS, { name: unique('x'), color: '#abc' }, 'color')
      // Unknown fields are ignored, as FastAPI ignores them (this issue changed it: they were 422).
      const same = await call<TagBody>(client, 'PUT', `${TAGS}/${zeta.id}`, { colour: '#ffffff' }, 200)
      checkEqual(same.color, '#000000', 'an unknown field changes nothing')
      // BrainDrive's clients send `user_id`: the caller's (either form) or `current`; another's is 403.
      const me = await callerId(client)
      const owned = await call<TagBody>(
        client,
        'POST',
        TAGS,
        { name: unique('owned'), user_id: me.replaceAll('-', '') },
        201,
      )
      checkEqual(owned.user_id, me, 'user_id without hyphens is the caller')
      await call(client, 'POST', TAGS, { name: unique('theirs'), user_id: UNKNOWN_ID }, 403)
      await expectNotFound(client, 'PUT', `${TAGS}/${UNKNOWN_ID}`, { name: 'x' }, 'Tag not found')
      await expectNotFound(client, 'DELETE', `${TAGS}/${UNKNOWN_ID}`, undefined, 'Tag not found')
      await expectNotFound(client, 'GET', `${TAGS}/nope/conversations`, undefined, 'Tag not found')
      // Another user's id is 403, as BrainDrive answers it (this issue changed it: it was 404).
      await call(client, 'GET', `/api/v1/users/${UNKNOWN_ID}/tags`, undefined, 403)
      const current = await call<TagBody[]>(client, 'GET', '/api/v1/users/current/tags', undefined, 200)
      check(
        current.some((t) => t.id === owned.id),
        '`current` names the caller',
      )
    },
  },
  {
    name: 'Tags: a tag lists its conversations (a bare array, sliced); deleting it detaches it from every conversation',
    async run(client) {
      const doomed = await newTag(client)
      const kept = await newTag(client)
      const first = await newConversation(client)
      const second = await newConversation(client)
      const untagged = await newConversation(client)
      await attach(client, first.id, doomed.id)
      await attach(client, second.id, doomed.id)
      await attach(client, second.id, kept.id)

      // A bare array, as BrainDrive answers it (this issue changed it: it was the pagination envelope).
      const listed = await call<ConversationBody[]>(
        client,
        'GET',
        `${TAGS}/${doomed.id}/conversations`,
        undefined,
        200,
      )
      checkEqual(
        listed.map((c) => c.id),
        [second.id, first.id],
        'newest first',
      )
      check(!listed.some((c) => c.id === untagged.id), 'only tagged conversations')
      const paged = await call<ConversationBody[]>(
        client,
        'GET',
        `${TAGS}/${doomed.id}/conversations?limit=1&skip=1`,
        undefined,
        200,
      )
      checkEqual(
        paged.map((c) => c.id),
        [first.id],
        'skip and limit',
      )
      const past = await call<ConversationBody[]>(
        client,
        'GET',
        `${TAGS}/${doomed.id}/conversations?offset=9`,
        undefined,
        200,
      )
      checkEqual(past, [], 'offset past the end')
      await expectInvalid(client, 'GET', `${TAGS}/${doomed.id}/conversations?limit=101`, undefined, 'limit')

      await call(client, 'DELETE', `${TAGS}/${doomed.id}`, undefined, 204)
      checkEqual((await getConversation(client, first.id)).tags, [], 'detached from the first')
      checkEqual(
        (await getConversation(client, second.id)).tags.map((t) => t.id),
        [kept.id],
        'the other tag stays',
      )
      check(!(await userTags(client)).some((t) => t.id === doomed.id), 'gone from the list')
      await expectNotFound(client, 'GET', `${TAGS}/${doomed.id}/conversations`, undefined, 'Tag not found')
      await expectNotFound(
        client,
        'POST',
        `/api/v1/conversations/${first.id}/tags`,
        { tag_id: doomed.id },
        'Tag not found',
      )
    },
  },
]
