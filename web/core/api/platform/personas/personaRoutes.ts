import { z } from 'zod'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { toPage } from '../../pagination'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import { toTimestamp } from '../../../kernel/time/Clock'
import { conversationKind } from '../../../records/kinds/conversationKind'
import { recordView, type RecordPorts } from '../../../records/platformRecords'
import { personaKind } from '../../../records/kinds/personaKind'
import {
  createPersonaBody,
  listPersonasQuery,
  personaListSchema,
  personaSchema,
  updatePersonaBody,
} from './personaSchemas'
import type { ApiPorts } from '../../ApiPorts'

/** Personas are records of the caller's; deleting one unlinks its conversations, stamped with the clock. */
type PersonaPorts = Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts

const PERSONA_NOT_FOUND = personaKind.notFound
const personaIdParams = personaKind.params
const tags = ['Personas']
const notFound = { description: PERSONA_NOT_FOUND, schema: errorSchema }
const invalid = { description: 'Validation error', schema: validationErrorSchema }

function byName(a: StoredRecord, b: StoredRecord): number {
  return String(a.data.name).localeCompare(String(b.data.name), undefined, { sensitivity: 'base' })
}

function personaTags(record: StoredRecord): string[] {
  return Array.isArray(record.data.tags) ? record.data.tags.map(String) : []
}

/**
 * `PUT` (the spec's) and `PATCH` (which BrainDrive's web app sends to switch a persona on or off,
 * `{is_active}`, though BrainDrive itself has no PATCH route) update a persona the same way.
 */
function updatePersonaRoute(method: 'put' | 'patch'): Route {
  return defineRoute({
    method,
    path: '/api/v1/personas/:persona_id',
    operationId: method === 'put' ? 'updatePersona' : 'patchPersona',
    summary: method === 'put' ? 'Update a persona' : 'Update some of a persona’s fields',
    description:
      method === 'put'
        ? 'Every field optional; fields left out (or null, as BrainDrive reads them) keep their value. `model_settings` and `tags` replace the stored ones as a whole; `avatar: null` removes the avatar.'
        : 'As `PUT`. Differs from BrainDrive: BrainDrive has no PATCH route (405), yet its web app sends `PATCH {is_active}` to switch a persona on or off; Quire answers it.',
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
    async handler({ params, body }, ports: PersonaPorts) {
      const record = await personaKind.require(ports, params.persona_id)
      // `avatar: null` passes through (only undefined fields are left as they were).
      const updated = personaKind.patch(ports, record, body)
      await personaKind.put(ports, updated)
      return { status: 200, body: recordView(updated) }
    },
  })
}

export const personaRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/personas',
    operationId: 'listPersonas',
    summary: 'List personas, by name',
    description:
      'The spec’s persona envelope `{personas, total_items, page, page_size, total_pages}` with `limit` (1..100, default 20) and `offset` (or BrainDrive’s `skip`). Optional filters, combined: `tags` (BrainDrive’s: comma-separated, a persona must carry each, ignoring case), `tag` (one tag), `is_active` (`true`/`false`), `search` (in the name, description or system prompt, ignoring case). Other query parameters (the web app’s `page`, `pageSize`) are ignored, as FastAPI ignores them. Differs from BrainDrive: sorted by name ignoring case (BrainDrive: most recently updated first).',
    tags,
    errorStyle: 'platform',
    query: listPersonasQuery,
    responses: { 200: { description: 'One page of personas', schema: personaListSchema }, 422: invalid },
    async handler({ query }, ports: PersonaPorts) {
      const wanted = [query.tag ?? '', ...(query.tags ?? '').split(',')]
        .map((tag) => tag.trim().toLocaleLowerCase())
        .filter((tag) => tag !== '')
      const search = query.search?.toLocaleLowerCase()
      const offset = query.skip ?? query.offset
      const matching = (await personaKind.list(ports))
        .filter((record) => {
          const carried = personaTags(record).map((t) => t.toLocaleLowerCase())
          const text = [record.data.name, record.data.description, record.data.system_prompt]
            .map(String)
            .join('\n')
            .toLocaleLowerCase()
          return (
            wanted.every((tag) => carried.includes(tag)) &&
            (query.is_active === undefined || record.data.is_active === query.is_active) &&
            (search === undefined || text.includes(search))
          )
        })
        .sort(byName)
      const page = toPage(
        matching.slice(offset, offset + query.limit).map(recordView),
        matching.length,
        query.limit,
        offset,
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
    async handler({ body }, ports: PersonaPorts) {
      const record = personaKind.create(ports, {
        user_id: await ports.currentUserId(),
        ...body,
        avatar: body.avatar ?? null,
      })
      await personaKind.put(ports, record)
      return { status: 201, body: recordView(record) }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/personas/tags',
    operationId: 'listPersonaTags',
    summary: 'The tags personas use',
    description:
      'Each distinct tag once (as first written), sorted ignoring case: a bare array of strings, BrainDrive’s `List[str]`.',
    tags,
    responses: { 200: { description: 'Tags', schema: z.array(z.string()) } },
    async handler(_input, ports: PersonaPorts) {
      const seen = new Map<string, string>()
      for (const record of await personaKind.list(ports)) {
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
    async handler({ params }, ports: PersonaPorts) {
      return {
        status: 200,
        body: recordView(await personaKind.require(ports, params.persona_id)),
      }
    },
  }),
  updatePersonaRoute('put'),
  updatePersonaRoute('patch'),
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
    async handler({ params }, ports: PersonaPorts) {
      await personaKind.require(ports, params.persona_id)
      const now = toTimestamp(ports.clock.now())
      const using = (await conversationKind.list(ports)).filter(
        (conversation) => conversation.data.persona_id === params.persona_id,
      )
      await ports.store.records.writeRecords([
        ...using.map((conversation) => ({
          put: { ...conversation, data: { ...conversation.data, persona_id: null }, updated_at: now },
        })),
        { delete: { kind: personaKind.kind, id: params.persona_id } },
      ])
      return { status: 204 }
    },
  }),
]
