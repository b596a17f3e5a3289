import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { errorSchema } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import { resolveCallerId } from '../compat/callerUserId'
import { notFoundResponse, validationResponse } from '../platformErrors'
import { componentKind as kind } from '../../../records/kinds/componentKind'
import { componentSchema, createComponentBody, updateComponentBody } from './componentSchemas'
import type { RecordPorts } from '../../../records/platformRecords'

/** Components are records; their views name the caller (`user_id`), new ones need the clock and ids. */
type ComponentPorts = Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts

const tags = ['Components']
const BASE = '/api/v1/components'
const byKey = {
  params: kind.params,
  notFoundDetail: kind.notFound,
  errorStyle: 'platform' as const,
  tags,
}
const PATH_NOTE =
  'The path takes the component’s `component_id` (its unique string); the record `id` is accepted too.'
const badRequest = (description: string) => ({ description, schema: errorSchema })

/** The component named by a path: its `component_id` first, then its record id. */
async function requireComponent(ports: RecordPorts, key: string): Promise<StoredRecord> {
  const all = await kind.list(ports)
  const found = all.find((c) => c.data.component_id === key) ?? all.find((c) => c.id === key)
  if (!found) throw ApiError.notFound(kind.notFound)
  return found
}

/** 400, as BrainDrive answers, when another component has `key`. */
async function requireFreeKey(ports: RecordPorts, key: string, exceptId?: string): Promise<void> {
  const all = await kind.list(ports)
  if (all.some((c) => c.data.component_id === key && c.id !== exceptId))
    throw new ApiError(400, `Component with ID '${key}' already exists`)
}

/** BrainDrive's view: the fields, with `user_id` the caller (every component in a data space is theirs). */
async function componentView(ports: Pick<ApiPorts, 'currentUserId'>, record: StoredRecord) {
  return { ...kind.view(record), user_id: await ports.currentUserId() }
}

/** Reusable components of the page designer. */
export const componentRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: BASE,
    operationId: 'listComponents',
    summary: 'List components',
    description:
      'A plain array, oldest first: a new profile starts with BrainDrive’s system components ' +
      '(`dashboard`, `plugin-studio`, `settings`, `plugin-manager`). Each has `user_id`, the caller.',
    tags,
    errorStyle: 'platform',
    responses: { 200: { description: 'Components', schema: z.array(componentSchema) } },
    async handler(_input, ports: ComponentPorts) {
      const all = await kind.list(ports)
      return { status: 200, body: await Promise.all(all.map((record) => componentView(ports, record))) }
    },
  }),
  defineRoute({
    method: 'post',
    path: BASE,
    operationId: 'createComponent',
    summary: 'Create a component',
    description: [
      '`component_id` is unique (400, as BrainDrive answers) and URL-safe. Defaults: `description` "",',
      '`icon` null, `is_system` false. `user_id` may be left out (BrainDrive requires it), or be the',
      'caller’s id or `current`; another user’s id answers 403. Unknown fields are ignored.',
      'Differs from BrainDrive: any user may create components (BrainDrive: admins only; Quire has no',
      'admins), in their own data space.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    body: createComponentBody,
    responses: {
      201: { description: 'The new component', schema: componentSchema },
      400: badRequest('The component_id is taken'),
      403: { description: 'Another user’s `user_id`', schema: errorSchema },
      422: validationResponse,
    },
    async handler({ body }, ports: ComponentPorts) {
      const { user_id: userId, ...fields } = body
      if (userId !== undefined) await resolveCallerId(ports, userId)
      await requireFreeKey(ports, fields.component_id)
      const record = kind.create(ports, fields)
      await kind.put(ports, record)
      return { status: 201, body: await componentView(ports, record) }
    },
  }),
  defineRoute({
    ...byKey,
    method: 'get',
    path: `${BASE}/:component_id`,
    operationId: 'getComponent',
    summary: 'Get a component',
    description: PATH_NOTE,
    responses: {
      200: { description: 'The component', schema: componentSchema },
      404: notFoundResponse(kind.notFound),
    },
    async handler({ params }, ports: ComponentPorts) {
      return {
        status: 200,
        body: await componentView(ports, await requireComponent(ports, params.component_id)),
      }
    },
  }),
  defineRoute({
    ...byKey,
    method: 'put',
    path: `${BASE}/:component_id`,
    operationId: 'updateComponent',
    summary: 'Update a component',
    description: [
      `${PATH_NOTE} Every field is optional; fields left out (or \`name\`, \`component_id\`, \`is_system\``,
      'sent as null) keep their value; `icon` null clears it. A new `component_id` must be free (400).',
      'Differs from BrainDrive: `component_id` and `is_system` can be changed too (BrainDrive updates',
      'name, description and icon only), and by any user (BrainDrive: admins only).',
    ].join(' '),
    body: updateComponentBody,
    responses: {
      200: { description: 'The updated component', schema: componentSchema },
      400: badRequest('The component_id is taken'),
      403: { description: 'Another user’s `user_id`', schema: errorSchema },
      404: notFoundResponse(kind.notFound),
      422: validationResponse,
    },
    async handler({ params, body }, ports: ComponentPorts) {
      const { user_id: userId, ...fields } = body
      if (userId !== undefined) await resolveCallerId(ports, userId)
      const record = await requireComponent(ports, params.component_id)
      if (fields.component_id !== undefined) await requireFreeKey(ports, fields.component_id, record.id)
      const next = kind.patch(ports, record, fields)
      await kind.put(ports, next)
      return { status: 200, body: await componentView(ports, next) }
    },
  }),
  defineRoute({
    ...byKey,
    method: 'delete',
    path: `${BASE}/:component_id`,
    operationId: 'deleteComponent',
    summary: 'Delete a component',
    description: `${PATH_NOTE} A system component (\`is_system: true\`) answers 400, as in BrainDrive: it ships with the app; set \`is_system\` false first to remove it deliberately.`,
    responses: {
      204: { description: 'Deleted' },
      400: badRequest('System components are not deleted'),
      404: notFoundResponse(kind.notFound),
    },
    async handler({ params }, ports: ComponentPorts) {
      const record = await requireComponent(ports, params.component_id)
      if (record.data.is_system === true) throw new ApiError(400, 'Cannot delete system components')
      await kind.remove(ports, record.id)
      return { status: 204 }
    },
  }),
]
