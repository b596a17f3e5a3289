import { z } from 'zod'
import { defineRoute, type Route } from '../../Route'
import type { ApiPorts } from '../../ApiPorts'
import type { StoredRecord } from '../../../store/StoredRecord'
import { keepSecrets } from '../../../secrets/keepSecrets'
import { maskSecrets } from '../../../secrets/maskSecrets'
import { isKeySettingDefinition, keySettingValue, withKeySettingForm } from '../../../secrets/keySettingValue'
import { bodyIssue, notFoundResponse, validationResponse } from '../platformErrors'
import { resolveCallerId } from '../compat/callerUserId'
import { pageKind } from '../../../records/kinds/pageKind'
import { settingValueProblem, type ValueRules } from './settingValueProblem'
import {
  createInstanceBody,
  instanceQuery,
  instanceSchema,
  updateInstanceBody,
  type SettingScope,
} from './settingSchemas'
import { settingDefinitionKind } from '../../../records/kinds/settingDefinitionKind'
import { settingInstanceKind as kind } from '../../../records/kinds/settingInstanceKind'
import { autoDefinition, settingValue } from './settingValue'
import type { RecordPorts } from '../../../records/platformRecords'

/** Setting instances are the caller's records (checked against `user_id`); new ones need the clock and ids. */
type SettingInstancePorts = Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts

const NOT_FOUND = kind.notFound
const tags = ['Settings']
const BASE = '/api/v1/settings/instances'

async function rulesOf(ports: RecordPorts, instance: StoredRecord): Promise<ValueRules> {
  const definition = await settingDefinitionKind.find(ports, String(instance.data.definition_id))
  // Deleting a definition is refused while instances exist, so this only guards stale data.
  if (!definition) return { type: 'object', validation: {} }
  return keyDefinitionRepaired(ports, definition)
}

/**
 * The rules of `definition`. A key definition that a bare key once made as a `string` one (before
 * keys had one form) is an `object` one now, and is saved so, so that its key saves in the one form.
 */
async function keyDefinitionRepaired(ports: RecordPorts, definition: StoredRecord): Promise<ValueRules> {
  const rules = definition.data as unknown as ValueRules
  if (!isKeySettingDefinition(definition.id) || rules.type !== 'string') return rules
  await settingDefinitionKind.put(ports, { ...definition, data: { ...definition.data, type: 'object' } })
  return { ...rules, type: 'object' }
}

/**
 * An instance as every read shows it: API keys in its value masked (maskSecrets: `…abcd` with
 * `_has_key` and `_key_valid` beside it), so a key is write-only here as it is in `/api/settings`. A
 * key setting an older version stored as a bare string reads in the one form, masked.
 */
function instanceView(record: StoredRecord): Record<string, unknown> {
  return { ...kind.view(record), value: maskSecrets(withKeySettingForm(record.data).value) }
}

/**
 * The value to store: a key setting's in its one form (keySettingValue), else a JSON-string value
 * parsed where the definition wants JSON (422 when it fits no way).
 */
function checkedValue(rules: ValueRules, value: unknown, definitionId: string): unknown {
  const stored = isKeySettingDefinition(definitionId) ? keySettingValue(value) : settingValue(rules, value)
  const problem = settingValueProblem(rules, stored)
  if (problem) throw bodyIssue('value', problem)
  return stored
}

/** Saves a new value (and name) over an instance, keeping stored keys the value leaves masked or out. */
async function saveOver(
  ports: Pick<ApiPorts, 'clock'> & RecordPorts,
  record: StoredRecord,
  value: unknown,
  name: string | null | undefined,
): Promise<StoredRecord> {
  const definitionId = String(record.data.definition_id)
  const stored = checkedValue(await rulesOf(ports, record), value, definitionId)
  const next = kind.patch(ports, record, { name: name ?? undefined })
  // patch leaves undefined values alone; a null value is a value, so it is set here.
  next.data.value = keepSecrets(stored, withKeySettingForm(record.data).value)
  await kind.put(ports, next)
  return next
}

const KEYS_RULE = [
  'Secrets in `value` (a string under a field whose name, in any spelling, ends in a secret word: `key`,',
  '`token`, `secret`, `password`, `passwd`, `pwd`, `passphrase`, `credentials`, `bearer`, `authorization`:',
  '`api_key`, `apiKey`, `access_token`, `clientSecret`, `private_key`; not `max_tokens`, `token_limit`,',
  '`key_hint`, `public_key`, `sort_key`, `next_token`; at any depth: BrainDrive’s `openai_api_keys_settings`',
  '`{api_key}`, `ollama_servers_settings` `{servers: [{id, serverName, serverAddress, apiKey}]}`) are',
  'write-only. Every read shows each as `…`',
  'and its last four characters (`…abcd`; none under 12 characters; `""` when cleared), with BrainDrive’s',
  'read-only `_has_key` and `_key_valid` (set, and well formed: 8+ characters, no spaces) beside it.',
  'A write that leaves a key out or sends the masked value back (ours, or BrainDrive’s `sk-proj...abcd`)',
  'keeps the stored key while its object names the same endpoint (`kind`, `provider`, `*url`, `*address`,',
  '`*endpoint`, `*host` unchanged; list items are matched by `id`, else by position); `""` clears it;',
  'another value replaces it; `_has_key`/`_key_valid` sent back are dropped. On the sync server keys are',
  'stored encrypted (AES-256-GCM) and never synced: each device keeps its own.',
  'A definition whose id names a key (ends in `api_key`, `api_keys` or `api_keys_settings`, any letter case:',
  '`claude_api_keys_settings`, `openai_api_keys_settings`) is an `object` definition whose value is',
  '`{api_key, ...}`; its `value` may be sent as that object, as the object’s JSON text, or as the bare key',
  '(`"sk-ant-…"`, or a JSON string of it), and is stored and read as the object, `{api_key: "…abcd"}` masked.',
].join(' ')

const VALUE_RULE =
  'A `value` sent as a JSON string (as BrainDrive’s clients sometimes send it) is stored parsed when the ' +
  'definition’s type is not `string` and the text parses to a value of that type; reads answer it parsed.'

function updateRoute(method: 'patch' | 'put') {
  return defineRoute({
    method,
    path: `${BASE}/:instance_id`,
    operationId: method === 'patch' ? 'patchSettingInstance' : 'updateSettingInstance',
    summary: 'Change a setting instance’s value (and name)',
    description: [
      'PATCH and PUT alike: `value` is required and must match the definition’s type and bounds (422);',
      '`name` is optional; other fields are ignored. Differs from BrainDrive: definition, scope, user and',
      'page stay as they are (BrainDrive’s PUT replaces them too). The id may be sent without hyphens.',
      VALUE_RULE,
      KEYS_RULE,
    ].join(' '),
    tags,
    errorStyle: 'platform',
    params: kind.params,
    notFoundDetail: NOT_FOUND,
    body: updateInstanceBody,
    responses: {
      200: { description: 'The updated instance', schema: instanceSchema },
      404: notFoundResponse(NOT_FOUND),
      422: validationResponse,
    },
    async handler({ params, body }, ports: SettingInstancePorts) {
      const record = await kind.require(ports, params.instance_id)
      return { status: 200, body: instanceView(await saveOver(ports, record, body.value, body.name)) }
    },
  })
}

const createDescription = [
  'Saves a value the way BrainDrive does: with `id`, over that instance (404 when there is none);',
  'without, over the instance of the same definition, scope and page when there is one (an upsert:',
  'saving twice changes one instance, answered 200), else as a new instance (201). `action: "delete"`',
  'with `id` deletes that instance instead (200 `{id, message}`). A definition that does not exist is',
  'made, as BrainDrive makes it (`category` `auto_generated`, all scopes, the instance’s name), with the',
  'type of the value. The definition must allow the `scope` (default `user`, any letter case; BrainDrive’s',
  '`user_page` is `page`; 422); `page` scope needs the `page_id` of an existing page, other scopes take',
  'none (422). Every scope resolves as the caller’s own user setting (the spec’s planned page-over-user',
  'fallback is not applied). `user_id` may be the caller’s id (with or without hyphens) or `current`;',
  'another user’s answers 403. `name` defaults to the definition’s name; `value` must match the',
  'definition’s type and bounds (422). Unknown fields are ignored. A definition that `is_multiple` takes a',
  'new instance on every save without `id`. Differs from BrainDrive: a made definition’s type is the',
  'value’s JSON type (BrainDrive: always `object`) and its `default_value` is null (BrainDrive copies the',
  'value, API keys included); values are checked against the definition (BrainDrive stores anything);',
  'a new instance answers 201 (BrainDrive: 200).',
  VALUE_RULE,
  KEYS_RULE,
].join(' ')

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
    description: [
      'A plain array, oldest first, filtered by any of `definition_id`, `scope` (any letter case;',
      '`user_page` is `page`) and `page_id` (exact matches). Every instance is the caller’s own: `user_id`',
      'may be the caller’s id (with or without hyphens) or `current`; another user’s answers 403.',
      'A new profile has one instance of each definition BrainDrive seeds (scope `user`). Differs from',
      'BrainDrive: oldest first (BrainDrive: last changed first; a save without `id` updates the one instance',
      'of its definition, scope and page, so clients reading `[0]` read the same), and without `page_id`',
      'page-scoped instances are listed too unless `scope` leaves them out (BrainDrive lists only those',
      'without a page).',
      KEYS_RULE,
    ].join(' '),
    tags,
    errorStyle: 'platform',
    query: instanceQuery,
    responses: {
      200: { description: 'Instances', schema: z.array(instanceSchema) },
      403: notFoundResponse('Not allowed to act for another user'),
      422: validationResponse,
    },
    async handler({ query }, ports: SettingInstancePorts) {
      if (query.user_id !== undefined) await resolveCallerId(ports, query.user_id)
      const records = await kind.list(ports, query.definition_id)
      const kept = records.filter(
        (r) =>
          (query.scope === undefined || r.data.scope === query.scope) &&
          (query.page_id === undefined || r.data.page_id === query.page_id),
      )
      return { status: 200, body: kept.map(instanceView) }
    },
  }),
  defineRoute({
    method: 'post',
    path: BASE,
    operationId: 'createSettingInstance',
    summary: 'Save a setting instance (create, update or delete, as BrainDrive does)',
    description: createDescription,
    tags,
    errorStyle: 'platform',
    body: createInstanceBody,
    responses: {
      200: {
        description: 'The instance saved over (or `{id, message}` for a delete)',
        schema: instanceSchema,
      },
      201: { description: 'The new instance', schema: instanceSchema },
      403: notFoundResponse('Not allowed to act for another user'),
      404: notFoundResponse(NOT_FOUND),
      422: validationResponse,
    },
    async handler({ body }, ports: SettingInstancePorts) {
      const userId = await ports.currentUserId()
      if (body.user_id !== undefined && body.user_id !== null) await resolveCallerId(ports, body.user_id)
      if (body.action === 'delete') {
        if (!body.id) throw bodyIssue('id', 'A delete action needs the id of the instance')
        await kind.require(ports, body.id)
        await kind.remove(ports, body.id)
        return { status: 200, body: { id: body.id, message: 'Setting instance deleted successfully' } }
      }
      if (body.value === undefined) throw bodyIssue('value', 'Field required')
      if (body.id) {
        const record = await kind.require(ports, body.id)
        return { status: 200, body: instanceView(await saveOver(ports, record, body.value, body.name)) }
      }
      const found = await settingDefinitionKind.find(ports, body.definition_id)
      // A key definition made here is an object one, whatever form its first key came in.
      const sent = isKeySettingDefinition(body.definition_id) ? keySettingValue(body.value) : body.value
      const definition =
        found ?? autoDefinition(ports, body.definition_id, body.name ?? body.definition_id, sent)
      const allowed = definition.data.allowed_scopes as SettingScope[]
      if (!allowed.includes(body.scope))
        throw bodyIssue('scope', `The definition allows the scopes ${allowed.join(', ')}`)
      const pageId = body.page_id ?? null
      if (body.scope === 'page') {
        if (pageId === null) throw bodyIssue('page_id', 'A page-scoped setting needs a page_id')
        if (!(await pageKind.find(ports, pageId))) throw bodyIssue('page_id', 'No page with this id')
      } else if (pageId !== null) throw bodyIssue('page_id', 'Only page-scoped settings take a page_id')
      const rules = found
        ? await keyDefinitionRepaired(ports, found)
        : (definition.data as unknown as ValueRules)
      const value = checkedValue(rules, body.value, definition.id)
      // Made only once the request is known to be good, so a refused save leaves nothing behind.
      if (!found) await settingDefinitionKind.put(ports, definition)
      if (definition.data.is_multiple !== true) {
        const siblings = await kind.list(ports, definition.id)
        const existing = siblings.find(
          (s) => s.data.scope === body.scope && (s.data.page_id ?? null) === pageId,
        )
        if (existing)
          return { status: 200, body: instanceView(await saveOver(ports, existing, body.value, body.name)) }
      }
      const record = kind.create(
        ports,
        {
          definition_id: definition.id,
          name: body.name ?? String(definition.data.name),
          value: keepSecrets(value, undefined),
          scope: body.scope,
          user_id: userId,
          page_id: pageId,
        },
        definition.id,
      )
      await kind.put(ports, record)
      return { status: 201, body: instanceView(record) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:instance_id`,
    operationId: 'getSettingInstance',
    summary: 'Get a setting instance',
    description: `The id may be sent without hyphens. ${KEYS_RULE}`,
    tags,
    errorStyle: 'platform',
    params: kind.params,
    notFoundDetail: NOT_FOUND,
    responses: {
      200: { description: 'The instance', schema: instanceSchema },
      404: notFoundResponse(NOT_FOUND),
    },
    async handler({ params }, ports: SettingInstancePorts) {
      return { status: 200, body: instanceView(await kind.require(ports, params.instance_id)) }
    },
  }),
  updateRoute('patch'),
  updateRoute('put'),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:instance_id`,
    operationId: 'deleteSettingInstance',
    summary: 'Delete a setting instance',
    description:
      'The id may be sent without hyphens. Differs from BrainDrive: 204 with no body (BrainDrive answers ' +
      '200 `{message}`).',
    tags,
    errorStyle: 'platform',
    params: kind.params,
    notFoundDetail: NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: notFoundResponse(NOT_FOUND) },
    async handler({ params }, ports: SettingInstancePorts) {
      await kind.require(ports, params.instance_id)
      await kind.remove(ports, params.instance_id)
      return { status: 204 }
    },
  }),
]
