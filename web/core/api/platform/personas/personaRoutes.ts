import { z } from 'zod'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { toPage } from '../../pagination'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import { toTimestamp } from '../../../time/Clock'
import { CONVERSATION, PERSONA } from '../conversations/conversationKinds'
import { PERSONA_NOT_FOUND } from '../conversations/conversationRecords'
import { newRecord, patchedRecord, putRecord, recordView, requireRecord } from '../platformRecords'
import {
  createPersonaBody,
  listPersonasQuery,
  personaIdParams,
  personaListSchema,
  personaSchema,
  updatePersonaBody,
} from './personaSchemas'

const tags = ['Personas']
const notFound = { description: PERSONA_NOT_FOUND, schema: errorSchema }
const invalid = { description: 'Validation error', schema: validationErrorSchema }

function byName(a: StoredRecord, b: StoredRecord): number {
  return String(a.data.name).localeCompare(String(b.data.name), undefined, { sensitivity: 'base' })
}

function personaTags(record: StoredRecord): string[] {
  return Array.isArray(record.data.tags) ? record.data.tags.map(String) : []
}

export const personaRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/personas',
    operationId: 'listPersonas',
    summary: 'List personas, by name',
    description:
      'The persona envelope `{personas, total_items, page, page_size, total_pages}` with `limit` (1..100, default 20) and `offset`. Optional filters, combined: `tag` (personas carrying it, ignoring case), `is_active` (`true`/`false`), `search` (in the name or description, ignoring case). Sorted by name ignoring case.',
    tags,
    errorStyle: 'platform',
    query: listPersonasQuery,
    responses: { 200: { description: 'One page of personas', schema: personaListSchema }, 422: invalid },
    async handler({ query }, ports) {
      const tag = query.tag?.toLocaleLowerCase()
      const search = query.search?.toLocaleLowerCase()
      const matching = (await ports.store.listRecords(PERSONA))
        .filter(
          (record) =>
            (tag === undefined || personaTags(record).some((t) => t.toLocaleLowerCase() === tag)) &&
            (query.is_active === undefined || record.data.is_active === query.is_active) &&
            (search === undefined ||
              `${String(record.data.name)}\n${String(record.data.description)}`
                .toLocaleLowerCase()
                .includes(search)),
        )
        .sort(byName)
      const page = toPage(
        matching.slice(query.offset, query.offset + query.limit).map(recordView),
        matching.length,
        query.limit,
        query.offset,
      )
      const { items, ...counts } = page
      return { status: 200, body: { personas: items, ...counts } }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/personas',
    operationId: 'createPersona',
    summary: 'Create a persona',
    description:
      'Only `name` is required: `description`, `system_prompt` and `sample_greeting` default to empty, `model_settings` to `{}` (`temperature` 0..2 and `max_tokens` >= 1 are checked; other keys are kept as given), `avatar` to null, `tags` to [] (trimmed, each once), `is_active` to true.',
    tags,
    errorStyle: 'platform',
    body: createPersonaBody,
    responses: { 201: { description: 'The persona', schema: personaSchema }, 422: invalid },
    async handler({ body }, ports) {
      const record = newRecord(ports, PERSONA, {
        user_id: await ports.currentUserId(),
        ...body,
        avatar: body.avatar ?? null,
      })
      await putRecord(ports, record)
      return { status: 201, body: recordView(record) }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/personas/tags',
    operationId: 'listPersonaTags',
    summary: 'The tags personas use',
    description: 'Each distinct tag once (as first written), sorted ignoring case: a plain array of strings.',
    tags,
    responses: { 200: { description: 'Tags', schema: z.array(z.string()) } },
    async handler(_input, ports) {
      const seen = new Map<string, string>()
      for (const record of await ports.store.listRecords(PERSONA)) {
        for (const tag of personaTags(record)) {
          if (!seen.has(tag.toLocaleLowerCase())) seen.set(tag.toLocaleLowerCase(), tag)
        }
      }
      const list = [...seen.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }))
      return { status: 200, body: list }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/personas/:persona_id',
    operationId: 'getPersona',
    summary: 'Get a persona',
    tags,
    params: personaIdParams,
    notFoundDetail: PERSONA_NOT_FOUND,
    responses: { 200: { description: 'The persona', schema: personaSchema }, 404: notFound },
    async handler({ params }, ports) {
      return {
        status: 200,
        body: recordView(await requireRecord(ports, PERSONA, params.persona_id, PERSONA_NOT_FOUND)),
      }
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/personas/:persona_id',
    operationId: 'updatePersona',
    summary: 'Update a persona',
    description:
      'Every field optional; fields left out keep their value. `model_settings` and `tags` replace the stored ones as a whole; `avatar: null` removes the avatar.',
    tags,
    errorStyle: 'platform',
    params: personaIdParams,
    notFoundDetail: PERSONA_NOT_FOUND,
    body: updatePersonaBody,
    responses: {
      200: { description: 'The persona', schema: personaSchema },
      404: notFound,
      422: invalid,
    },
    async handler({ params, body }, ports) {
      const record = await requireRecord(ports, PERSONA, params.persona_id, PERSONA_NOT_FOUND)
      // `avatar: null` passes through (only undefined fields are left as they were).
      const updated = patchedRecord(ports, record, body)
      await putRecord(ports, updated)
      return { status: 200, body: recordView(updated) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/personas/:persona_id',
    operationId: 'deletePersona',
    summary: 'Delete a persona; its conversations stay, without a persona',
    description:
      'In one step: the persona is deleted and every conversation that used it gets `persona_id: null` (their `updated_at` moves).',
    tags,
    params: personaIdParams,
    notFoundDetail: PERSONA_NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: notFound },
    async handler({ params }, ports) {
      await requireRecord(ports, PERSONA, params.persona_id, PERSONA_NOT_FOUND)
      const now = toTimestamp(ports.clock.now())
      const using = (await ports.store.listRecords(CONVERSATION)).filter(
        (conversation) => conversation.data.persona_id === params.persona_id,
      )
      await ports.store.writeRecords([
        ...using.map((conversation) => ({
          put: { ...conversation, data: { ...conversation.data, persona_id: null }, updated_at: now },
        })),
        { delete: { kind: PERSONA, id: params.persona_id } },
      ])
      return { status: 204 }
    },
  }),
]
