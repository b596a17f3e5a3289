import { z } from 'zod'
import { defineRoute, type Route } from '../../Route'
import type { ApiPorts } from '../../ApiPorts'
import type { StoredRecord } from '../../../store/StoredRecord'
import { keepSecrets } from '../../../secrets/keepSecrets'
import { maskSecrets } from '../../../secrets/maskSecrets'
import { newRecord, patchedRecord, putRecord, recordView, requireRecord } from '../platformRecords'
import {
  bodyIssue,
  conflict,
  conflictResponse,
  notFoundResponse,
  validationResponse,
} from '../platformErrors'
import { PAGE_KIND } from '../pages/pageSchemas'
import { settingValueProblem, type ValueRules } from './settingValueProblem'
import {
  createInstanceBody,
  instanceParams,
  instanceQuery,
  instanceSchema,
  updateInstanceBody,
  DEFINITION_KIND,
  INSTANCE_KIND,
  type SettingScope,
} from './settingSchemas'

const NOT_FOUND = 'Setting instance not found'
const tags = ['Settings']
const BASE = '/api/v1/settings/instances'

async function definitionOf(ports: Pick<ApiPorts, 'store'>, instance: StoredRecord): Promise<ValueRules> {
  const definition = await ports.store.getRecord(DEFINITION_KIND, String(instance.data.definition_id))
  // Deleting a definition is refused while instances exist, so this only guards stale data.
  return (definition?.data as unknown as ValueRules | undefined) ?? { type: 'object', validation: {} }
}

/**
 * An instance as every read shows it: API keys in its value masked (maskSecrets: `…abcd` with
 * `_has_key` and `_key_valid` beside it), so a key is write-only here as it is in `/api/settings`.
 */
function instanceView(record: StoredRecord): Record<string, unknown> {
  return { ...recordView(record), value: maskSecrets(record.data.value) }
}

const KEYS_RULE = [
  'API keys in `value` (a string under a field named `api_key`, `apiKey`, or ending in `_api_key` /',
  '`ApiKey`, at any depth: BrainDrive’s `openai_api_keys_settings` `{api_key}`, `ollama_servers_settings`',
  '`{servers: [{id, serverName, serverAddress, apiKey}]}`) are write-only. Every read shows each as `…`',
  'and its last four characters (`…abcd`; none under 12 characters; `""` when cleared), with BrainDrive’s',
  'read-only `_has_key` and `_key_valid` (set, and well formed: 8+ characters, no spaces) beside it.',
  'A write that leaves a key out or sends the masked value back (ours, or BrainDrive’s `sk-proj...abcd`)',
  'keeps the stored key while its object names the same endpoint (`kind`, `provider`, `*url`, `*address`,',
  '`*endpoint`, `*host` unchanged; list items are matched by `id`, else by position); `""` clears it;',
  'another value replaces it; `_has_key`/`_key_valid` sent back are dropped. On the sync server keys are',
  'stored encrypted (AES-256-GCM) and never synced: each device keeps its own.',
].join(' ')

function checkValue(rules: ValueRules, value: unknown): void {
  const problem = settingValueProblem(rules, value)
  if (problem) throw bodyIssue('value', problem)
}

function updateRoute(method: 'patch' | 'put') {
  return defineRoute({
    method,
    path: `${BASE}/:instance_id`,
    operationId: method === 'patch' ? 'patchSettingInstance' : 'updateSettingInstance',
    summary: 'Change a setting instance’s value (and name)',
    description:
      'PATCH and PUT alike: `value` is required and must match the definition’s type and bounds (422); ' +
      '`name` is optional. Definition, scope and page stay as they are (other fields answer 422). ' +
      KEYS_RULE,
    tags,
    errorStyle: 'platform',
    params: instanceParams,
    notFoundDetail: NOT_FOUND,
    body: updateInstanceBody,
    responses: {
      200: { description: 'The updated instance', schema: instanceSchema },
      404: notFoundResponse(NOT_FOUND),
      422: validationResponse,
    },
    async handler({ params, body }, ports) {
      const record = await requireRecord(ports, INSTANCE_KIND, params.instance_id, NOT_FOUND)
      checkValue(await definitionOf(ports, record), body.value)
      const next = patchedRecord(ports, record, { name: body.name })
      // patchedRecord leaves undefined values alone; a null value is a value, so it is set here.
      next.data.value = keepSecrets(body.value, record.data.value)
      await putRecord(ports, next)
      return { status: 200, body: instanceView(next) }
    },
  })
}

/**
 * Setting instances: values of a definition. Scopes `system`, `user` and `page` are stored as given
 * but all resolve as the caller's own (user) setting, as the spec says; `page` needs a `page_id`.
 */
export const settingInstanceRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: BASE,
    operationId: 'listSettingInstances',
    summary: 'List setting instances',
    description:
      'A plain array, oldest first, filtered by any of `definition_id`, `scope`, `user_id`, `page_id` ' +
      '(exact matches). Every instance is the caller’s own: another `user_id` lists nothing. ' +
      KEYS_RULE,
    tags,
    errorStyle: 'platform',
    query: instanceQuery,
    responses: {
      200: { description: 'Instances', schema: z.array(instanceSchema) },
      422: validationResponse,
    },
    async handler({ query }, { store }) {
      const records = await store.listRecords(
        INSTANCE_KIND,
        query.definition_id === undefined ? undefined : { parentId: query.definition_id },
      )
      const kept = records.filter(
        (r) =>
          (query.scope === undefined || r.data.scope === query.scope) &&
          (query.user_id === undefined || r.data.user_id === query.user_id) &&
          (query.page_id === undefined || r.data.page_id === query.page_id),
      )
      return { status: 200, body: kept.map(instanceView) }
    },
  }),
  defineRoute({
    method: 'post',
    path: BASE,
    operationId: 'createSettingInstance',
    summary: 'Create a setting instance',
    description: [
      'The definition must exist (422 at `definition_id`) and allow the `scope` (default `user`; 422).',
      '`page` scope needs the `page_id` of an existing page; other scopes take none (422). The scope is',
      'stored as given, but every scope currently resolves as the caller’s own user setting (the spec’s',
      'planned page-over-user fallback is not applied). `user_id` is the caller; another answers 422.',
      '`name` defaults to the definition’s name; `value` must match the definition’s type and bounds',
      '(422). Unless the definition `is_multiple`, a second instance for the same definition, scope and',
      'page answers 409 naming the existing one (change it with PUT instead).',
      KEYS_RULE,
    ].join(' '),
    tags,
    errorStyle: 'platform',
    body: createInstanceBody,
    responses: {
      201: { description: 'The new instance', schema: instanceSchema },
      409: conflictResponse('The definition is not `is_multiple` and already has an instance here'),
      422: validationResponse,
    },
    async handler({ body }, ports) {
      const definition = await ports.store.getRecord(DEFINITION_KIND, body.definition_id)
      if (!definition) throw bodyIssue('definition_id', 'No setting definition with this id')
      const allowed = definition.data.allowed_scopes as SettingScope[]
      if (!allowed.includes(body.scope))
        throw bodyIssue('scope', `The definition allows the scopes ${allowed.join(', ')}`)
      const pageId = body.page_id ?? null
      if (body.scope === 'page') {
        if (pageId === null) throw bodyIssue('page_id', 'A page-scoped setting needs a page_id')
        if (!(await ports.store.getRecord(PAGE_KIND, pageId)))
          throw bodyIssue('page_id', 'No page with this id')
      } else if (pageId !== null) throw bodyIssue('page_id', 'Only page-scoped settings take a page_id')
      const userId = await ports.currentUserId()
      if (body.user_id !== undefined && body.user_id !== userId)
        throw bodyIssue('user_id', 'Settings can only be created for the signed-in user')
      checkValue(definition.data as unknown as ValueRules, body.value)
      if (definition.data.is_multiple !== true) {
        const siblings = await ports.store.listRecords(INSTANCE_KIND, { parentId: definition.id })
        const existing = siblings.find(
          (s) => s.data.scope === body.scope && (s.data.page_id ?? null) === pageId,
        )
        if (existing) throw conflict(`The definition already has an instance here: ${existing.id}`)
      }
      const record = newRecord(
        ports,
        INSTANCE_KIND,
        {
          definition_id: definition.id,
          name: body.name ?? String(definition.data.name),
          value: keepSecrets(body.value, undefined),
          scope: body.scope,
          user_id: userId,
          page_id: pageId,
        },
        definition.id,
      )
      await putRecord(ports, record)
      return { status: 201, body: instanceView(record) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:instance_id`,
    operationId: 'getSettingInstance',
    summary: 'Get a setting instance',
    description: KEYS_RULE,
    tags,
    errorStyle: 'platform',
    params: instanceParams,
    notFoundDetail: NOT_FOUND,
    responses: {
      200: { description: 'The instance', schema: instanceSchema },
      404: notFoundResponse(NOT_FOUND),
    },
    async handler({ params }, ports) {
      return {
        status: 200,
        body: instanceView(await requireRecord(ports, INSTANCE_KIND, params.instance_id, NOT_FOUND)),
      }
    },
  }),
  updateRoute('patch'),
  updateRoute('put'),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:instance_id`,
    operationId: 'deleteSettingInstance',
    summary: 'Delete a setting instance',
    tags,
    errorStyle: 'platform',
    params: instanceParams,
    notFoundDetail: NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: notFoundResponse(NOT_FOUND) },
    async handler({ params }, ports) {
      await requireRecord(ports, INSTANCE_KIND, params.instance_id, NOT_FOUND)
      await ports.store.writeRecords([{ delete: { kind: INSTANCE_KIND, id: params.instance_id } }])
      return { status: 204 }
    },
  }),
]
