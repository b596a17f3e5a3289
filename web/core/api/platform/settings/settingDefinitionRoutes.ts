import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import {
  bodyIssue,
  conflict,
  conflictResponse,
  notFoundResponse,
  validationResponse,
} from '../platformErrors'
import { settingValueProblem, type ValueRules } from './settingValueProblem'
import {
  createDefinitionBody,
  definitionQuery,
  definitionSchema,
  updateDefinitionBody,
  type SettingScope,
} from './settingSchemas'
import { settingDefinitionKind as kind } from '../../../records/kinds/settingDefinitionKind'
import { settingInstanceKind } from '../../../records/kinds/settingInstanceKind'
import type { ApiPorts } from '../../ApiPorts'
import type { RecordPorts } from '../../../records/platformRecords'

/** Setting definitions (and the instances that use them) are records; new ones need the clock and ids. */
type SettingDefinitionPorts = Pick<ApiPorts, 'clock' | 'newId'> & RecordPorts

const NOT_FOUND = kind.notFound
const tags = ['Settings']
const BASE = '/api/v1/settings/definitions'

/** A definition's default must be a value of its type; null means "no default". */
function checkDefault(rules: ValueRules, value: unknown): void {
  if (value === null || value === undefined) return
  const problem = settingValueProblem(rules, value)
  if (problem) throw bodyIssue('default_value', problem)
}

const updateDescription = [
  'Every field is optional; fields left out keep their value (PATCH and PUT alike). `id` may be sent',
  'but must equal the path’s. While instances exist, the definition’s `type` cannot change and no scope',
  'an instance uses can leave `allowed_scopes` (409): their values would stop matching it. A new',
  '`default_value` must be of the (new) type (422). Differs from BrainDrive: PUT is partial like PATCH',
  '(BrainDrive’s PUT takes a whole definition), and a different `id` answers 422 (BrainDrive: 400).',
].join(' ')

function updateRoute(method: 'patch' | 'put') {
  return defineRoute({
    method,
    path: `${BASE}/:definition_id`,
    operationId: method === 'patch' ? 'patchSettingDefinition' : 'updateSettingDefinition',
    summary: 'Update a setting definition',
    description: updateDescription,
    tags,
    errorStyle: 'platform',
    params: kind.params,
    notFoundDetail: NOT_FOUND,
    body: updateDefinitionBody,
    responses: {
      200: { description: 'The updated definition', schema: definitionSchema },
      404: notFoundResponse(NOT_FOUND),
      409: conflictResponse('Instances still use the type or a scope removed'),
      422: validationResponse,
    },
    async handler({ params, body }, ports: SettingDefinitionPorts) {
      const record = await kind.require(ports, params.definition_id)
      const { id, ...patch } = body
      if (id !== undefined && id !== record.id) throw bodyIssue('id', 'The id of a definition cannot change')
      const next = kind.patch(ports, record, patch)
      const rules = next.data as unknown as ValueRules
      if (patch.default_value !== undefined || patch.type !== undefined)
        checkDefault(rules, next.data.default_value)
      const instances = await settingInstanceKind.list(ports, record.id)
      if (instances.length > 0) {
        if (next.data.type !== record.data.type)
          throw conflict(`The type cannot change while ${instances.length} instance(s) use this definition`)
        const allowed = next.data.allowed_scopes as SettingScope[]
        const orphaned = instances.find((i) => !allowed.includes(i.data.scope as SettingScope))
        if (orphaned)
          throw conflict(`Scope ${String(orphaned.data.scope)} is used by instance ${orphaned.id}`)
      }
      await kind.put(ports, next)
      return { status: 200, body: kind.view(next) }
    },
  })
}

/** Setting definitions: the settings a plugin or the app offers, with their type and scopes. */
export const settingDefinitionRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: BASE,
    operationId: 'listSettingDefinitions',
    summary: 'List setting definitions',
    description:
      'A plain array, oldest first. `category` keeps the definitions of that category (exact match); ' +
      '`scope` keeps those whose `allowed_scopes` include it (any letter case; `user_page` is `page`). ' +
      'A new profile starts with BrainDrive’s definitions (`theme_settings`, `general_settings`, ' +
      '`ollama_servers_settings`, ...), one value of each saved for the user.',
    tags,
    errorStyle: 'platform',
    query: definitionQuery,
    responses: {
      200: { description: 'Definitions', schema: z.array(definitionSchema) },
      422: validationResponse,
    },
    async handler({ query }, ports: SettingDefinitionPorts) {
      const records = await kind.list(ports)
      const kept = records.filter(
        (r) =>
          (query.category === undefined || r.data.category === query.category) &&
          (query.scope === undefined || (r.data.allowed_scopes as string[]).includes(query.scope)),
      )
      return { status: 200, body: kept.map(kind.view) }
    },
  }),
  defineRoute({
    method: 'post',
    path: BASE,
    operationId: 'createSettingDefinition',
    summary: 'Create a setting definition',
    description:
      '`id` is the client’s own string id (URL-safe characters), unique: a second definition with the ' +
      'same id answers 409. Defaults: `description` "", `default_value` null, `allowed_scopes` ["user"], ' +
      '`is_multiple` false, `validation` {}, `tags` []. `default_value` must be of `type` (422). ' +
      '`validation.min`/`max`, where numbers, bound instance values (numbers) or their length (strings, arrays). ' +
      'Unknown fields are ignored; `description`, `validation` and `tags` may be null. `allowed_scopes` ' +
      'takes BrainDrive’s `user_page`, stored as `page`. Differs from BrainDrive: an existing id answers 409 ' +
      '(BrainDrive looks for the same name and answers 400), and the answer is 201 (BrainDrive: 200).',
    tags,
    errorStyle: 'platform',
    body: createDefinitionBody,
    responses: {
      201: { description: 'The new definition', schema: definitionSchema },
      409: conflictResponse('A definition with this id exists'),
      422: validationResponse,
    },
    async handler({ body }, ports: SettingDefinitionPorts) {
      const { id, ...fields } = body
      const data = { ...fields, default_value: fields.default_value ?? null }
      checkDefault(data, data.default_value)
      if (await kind.find(ports, id)) throw conflict(`A setting definition with id ${id} already exists`)
      const record: StoredRecord = { ...kind.create(ports, data), id }
      await kind.put(ports, record)
      return { status: 201, body: kind.view(record) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:definition_id`,
    operationId: 'getSettingDefinition',
    summary: 'Get a setting definition',
    tags,
    errorStyle: 'platform',
    params: kind.params,
    notFoundDetail: NOT_FOUND,
    responses: {
      200: { description: 'The definition', schema: definitionSchema },
      404: notFoundResponse(NOT_FOUND),
    },
    async handler({ params }, ports: SettingDefinitionPorts) {
      return {
        status: 200,
        body: kind.view(await kind.require(ports, params.definition_id)),
      }
    },
  }),
  updateRoute('patch'),
  updateRoute('put'),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:definition_id`,
    operationId: 'deleteSettingDefinition',
    summary: 'Delete a setting definition',
    description:
      'Refused with 409 while instances of it exist (delete them first), so no instance is left without ' +
      'the definition that gives its value a type. Differs from BrainDrive: 204 with no body (BrainDrive ' +
      'answers 200 `{message}`), and 409 where BrainDrive answers 400.',
    tags,
    errorStyle: 'platform',
    params: kind.params,
    notFoundDetail: NOT_FOUND,
    responses: {
      204: { description: 'Deleted' },
      404: notFoundResponse(NOT_FOUND),
      409: conflictResponse('Instances of the definition exist'),
    },
    async handler({ params }, ports: SettingDefinitionPorts) {
      const record = await kind.require(ports, params.definition_id)
      const instances = await settingInstanceKind.list(ports, record.id)
      if (instances.length > 0)
        throw new ApiError(
          409,
          `${instances.length} setting instance(s) use this definition; delete them first`,
        )
      await kind.remove(ports, record.id)
      return { status: 204 }
    },
  }),
]
