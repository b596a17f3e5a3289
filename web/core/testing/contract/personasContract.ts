import { check, checkEqual, checkMatch, UUID_V4 } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { UNKNOWN_ID } from './contractFixtures'
import { type ConversationBody, getConversation, newConversation } from './conversationContractFixtures'
import { call, callerId, expectInvalid, expectNotFound, unique } from './recordContractFixtures'

const PERSONAS = '/api/v1/personas'

interface PersonaBody {
  id: string
  name: string
  description: string
  system_prompt: string
  model_settings: Record<string, unknown>
  avatar: string | null
  tags: string[]
  sample_greeting: string
  is_active: boolean
  user_id: string
  created_at: string
  updated_at: string
}

interface PersonaList {
  personas: PersonaBody[]
  total_items: number
  page: number
  page_size: number
  total_pages: number
}

function create(client: ContractClient, json: Record<string, unknown>): Promise<PersonaBody> {
  return call<PersonaBody>(client, 'POST', PERSONAS, json, 201)
}

function list(client: ContractClient, query: string): Promise<PersonaList> {
  return call<PersonaList>(client, 'GET', `${PERSONAS}?${query}`, undefined, 200)
}

export const personasContract: HostCase<ContractClient>[] = [
  {
    name: 'Personas: create with defaults, get, partial update, delete; invalid bodies answer 422',
    async run(client) {
      const name = unique('Persona')
      const minimal = await create(client, { name })
      checkMatch(minimal.id, UUID_V4, 'id')
      checkEqual(
        Object.keys(minimal).sort(),
        [
          'avatar',
          'created_at',
          'description',
          'id',
          'is_active',
          'model_settings',
          'name',
          'sample_greeting',
          'system_prompt',
          'tags',
          'updated_at',
          'user_id',
        ],
        'fields',
      )
      checkEqual(
        [
          minimal.description,
          minimal.system_prompt,
          minimal.model_settings,
          minimal.avatar,
          minimal.tags,
          minimal.sample_greeting,
          minimal.is_active,
          minimal.user_id,
        ],
        ['', '', {}, null, [], '', true, await callerId(client)],
        'defaults',
      )
      const full = await create(client, {
        name: unique('Tutor'),
        description: 'Explains things',
        system_prompt: 'You are a patient tutor.',
        model_settings: { temperature: 0.3, max_tokens: 512, top_p: 0.9 },
        avatar: 'https://example.invalid/tutor.png',
        tags: [' teaching ', 'teaching', 'math'],
        sample_greeting: 'Hello!',
        is_active: false,
      })
      checkEqual(full.tags, ['teaching', 'math'], 'tags trimmed, each once')
      checkEqual(
        full.model_settings,
        { temperature: 0.3, max_tokens: 512, top_p: 0.9 },
        'model settings kept',
      )
      checkEqual(
        await call<PersonaBody>(client, 'GET', `${PERSONAS}/${full.id}`, undefined, 200),
        full,
        'GET',
      )

      const updated = await call<PersonaBody>(
        client,
        'PUT',
        `${PERSONAS}/${full.id}`,
        { description: 'Now terse', avatar: null },
        200,
      )
      checkEqual(
        [updated.description, updated.avatar, updated.system_prompt, updated.tags, updated.is_active],
        ['Now terse', null, 'You are a patient tutor.', ['teaching', 'math'], false],
        'partial update',
      )
      check(updated.updated_at > full.updated_at, 'updated_at moves')

      await expectInvalid(client, 'POST', PERSONAS, { description: 'no name' }, 'name')
      await expectInvalid(client, 'POST', PERSONAS, { name: '  ' }, 'name')
      await expectInvalid(client, 'POST', PERSONAS, { name: 'x', system_prompt: 7 }, 'system_prompt')
      await expectInvalid(
        client,
        'POST',
        PERSONAS,
        { name: 'x', model_settings: { temperature: 'hot' } },
        'temperature',
      )
      await expectInvalid(
        client,
        'POST',
        PERSONAS,
        { name: 'x', model_settings: { max_tokens: 1.5 } },
        'max_tokens',
      )
      await expectInvalid(client, 'POST', PERSONAS, { name: 'x', tags: 'math' }, 'tags')
      await expectInvalid(client, 'POST', PERSONAS, { name: 'x', is_active: 'yes' }, 'is_active')
      await expectInvalid(client, 'PUT', `${PERSONAS}/${full.id}`, { name: '' }, 'name')
      // Unknown fields are ignored and BrainDrive's nulls mean "not given" (this issue changed it:
      // unknown fields were 422).
      const loose = await create(client, {
        name: unique('loose'),
        prompt: 'typo',
        description: null,
        model_settings: null,
        tags: null,
        sample_greeting: null,
      })
      checkEqual(
        [!('prompt' in loose), loose.description, loose.model_settings, loose.tags, loose.sample_greeting],
        [true, '', {}, [], ''],
        'unknown fields ignored, nulls are the defaults',
      )
      // PATCH (which BrainDrive's web app sends to switch a persona off) updates like PUT.
      const off = await call<PersonaBody>(
        client,
        'PATCH',
        `${PERSONAS}/${loose.id}`,
        { is_active: false },
        200,
      )
      checkEqual([off.is_active, off.name], [false, loose.name], 'PATCH {is_active}')
      await call(client, 'DELETE', `${PERSONAS}/${loose.id}`, undefined, 204)

      await call(client, 'DELETE', `${PERSONAS}/${minimal.id}`, undefined, 204)
      await expectNotFound(client, 'GET', `${PERSONAS}/${minimal.id}`, undefined, 'Persona not found')
      await expectNotFound(client, 'DELETE', `${PERSONAS}/${minimal.id}`, undefined, 'Persona not found')
      await expectNotFound(client, 'PUT', `${PERSONAS}/${UNKNOWN_ID}`, { name: 'x' }, 'Persona not found')
      await expectNotFound(client, 'GET', `${PERSONAS}/not-a-uuid`, undefined, 'Persona not found')
    },
  },
  {
    name: 'Personas: the list envelope filters by tag, activity and search, and paginates; /tags lists tags',
    async run(client) {
      const tag = unique('tag').replace(/\s/g, '-')
      const b = await create(client, { name: `${tag} Beta`, tags: [tag], description: 'needle inside' })
      const a = await create(client, { name: `${tag} alpha`, tags: [tag, 'shared'] })
      const c = await create(client, { name: `${tag} Gamma`, tags: [tag.toUpperCase()], is_active: false })

      const all = await list(client, `tag=${encodeURIComponent(tag)}`)
      checkEqual(
        Object.keys(all).sort(),
        ['page', 'page_size', 'personas', 'total_items', 'total_pages'],
        'envelope',
      )
      checkEqual(
        all.personas.map((p) => p.id),
        [a.id, b.id, c.id],
        'by name, tag ignoring case',
      )
      checkEqual([all.total_items, all.page, all.page_size, all.total_pages], [3, 1, 20, 1], 'counts')
      const second = await list(client, `tag=${encodeURIComponent(tag)}&limit=2&offset=2`)
      checkEqual(
        [
          second.personas.map((p) => p.id),
          second.total_items,
          second.page,
          second.page_size,
          second.total_pages,
        ],
        [[c.id], 3, 2, 2, 2],
        'second page',
      )
      checkEqual(
        (await list(client, `tag=${encodeURIComponent(tag)}&limit=2&skip=2&page=1&pageSize=16`)).personas.map(
          (p) => p.id,
        ),
        [c.id],
        'BrainDrive’s skip is the offset; page and pageSize are ignored',
      )
      checkEqual(
        (await list(client, `tags=${encodeURIComponent(`${tag},shared`)}`)).personas.map((p) => p.id),
        [a.id],
        'tags: comma-separated, each must be carried',
      )
      const past = await list(client, `tag=${encodeURIComponent(tag)}&limit=2&offset=50`)
      checkEqual([past.personas, past.total_items, past.total_pages], [[], 3, 2], 'offset past the end')
      checkEqual(
        (await list(client, `tag=${encodeURIComponent(tag)}&is_active=false`)).personas.map((p) => p.id),
        [c.id],
        'is_active',
      )
      checkEqual(
        (await list(client, `tag=${encodeURIComponent(tag)}&search=NEEDLE`)).personas.map((p) => p.id),
        [b.id],
        'search',
      )
      await expectInvalid(client, 'GET', `${PERSONAS}?limit=101`, undefined, 'limit')
      await expectInvalid(client, 'GET', `${PERSONAS}?offset=-2`, undefined, 'offset')
      await expectInvalid(client, 'GET', `${PERSONAS}?is_active=perhaps`, undefined, 'is_active')

      const tags = await call<string[]>(client, 'GET', `${PERSONAS}/tags`, undefined, 200)
      check(
        tags.filter((t) => t.toLowerCase() === tag.toLowerCase()).length === 1,
        `${tag} once in ${JSON.stringify(tags)}`,
      )
      check(tags.includes('shared'), 'every persona tag')
      const sorted = [...tags].sort((x, y) => x.localeCompare(y, undefined, { sensitivity: 'base' }))
      checkEqual(tags, sorted, 'sorted')
    },
  },
  {
    name: 'Personas: deleting a persona leaves its conversations, with persona_id null',
    async run(client) {
      const persona = await create(client, { name: unique('Leaving') })
      const first = await newConversation(client, { persona_id: persona.id })
      const second = await newConversation(client, { persona_id: persona.id })
      const other = await create(client, { name: unique('Staying') })
      const third = await newConversation(client, { persona_id: other.id })

      await call(client, 'DELETE', `${PERSONAS}/${persona.id}`, undefined, 204)
      for (const conversation of [first, second]) {
        const after = await getConversation(client, conversation.id)
        checkEqual([after.persona_id, after.title], [null, conversation.title], 'kept without a persona')
        const withPersona = await call<ConversationBody & { persona: unknown }>(
          client,
          'GET',
          `/api/v1/conversations/${conversation.id}/with-persona`,
          undefined,
          200,
        )
        checkEqual(withPersona.persona, null, 'with-persona shows none')
      }
      checkEqual(
        (await getConversation(client, third.id)).persona_id,
        other.id,
        'other personas’ conversations untouched',
      )
      await expectNotFound(
        client,
        'GET',
        `/api/v1/conversations/by-persona/${persona.id}`,
        undefined,
        'Persona not found',
      )
    },
  },
]
