import { z } from 'zod'
import { ApiError } from '../../ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import { newRecord, patchedRecord, putRecord, recordView } from '../platformRecords'
import { conflict, conflictResponse, notFoundResponse, validationResponse } from '../platformErrors'
import {
  COMPONENT_KIND,
  componentParams,
  componentSchema,
  createComponentBody,
  updateComponentBody,
} from './componentSchemas'

const NOT_FOUND = 'Component not found'
const tags = ['Components']
const BASE = '/api/v1/components'
const byKey = { params: componentParams, notFoundDetail: NOT_FOUND, errorStyle: 'platform' as const, tags }
const PATH_NOTE =
  'The path takes the component’s `component_id` (its unique string); the record `id` is accepted too.'

/** The component named by a path: its `component_id` first, then its record id. */
async function requireComponent(ports: Pick<ApiPorts, 'store'>, key: string): Promise<StoredRecord> {
  const all = await ports.store.listRecords(COMPONENT_KIND)
  const found = all.find((c) => c.data.component_id === key) ?? all.find((c) => c.id === key)
  if (!found) throw ApiError.notFound(NOT_FOUND)
  return found
}

async function requireFreeKey(ports: Pick<ApiPorts, 'store'>, key: string, exceptId?: string): Promise<void> {
  const all = await ports.store.listRecords(COMPONENT_KIND)
  if (all.some((c) => c.data.component_id === key && c.id !== exceptId))
    throw conflict(`A component with component_id ${key} already exists`)
}

/** Reusable components of the page designer. */
export const componentRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: BASE,
    operationId: 'listComponents',
    summary: 'List components',
    description: 'A plain array, oldest first.',
    tags,
    errorStyle: 'platform',
    responses: { 200: { description: 'Components', schema: z.array(componentSchema) } },
    async handler(_input, { store }) {
      return { status: 200, body: (await store.listRecords(COMPONENT_KIND)).map(recordView) }
    },
  }),
  defineRoute({
    method: 'post',
    path: BASE,
    operationId: 'createComponent',
    summary: 'Create a component',
    description:
      '`component_id` is unique (409) and URL-safe. Defaults: `description` "", `icon` null, `is_system` false.',
    tags,
    errorStyle: 'platform',
    body: createComponentBody,
    responses: {
      201: { description: 'The new component', schema: componentSchema },
      409: conflictResponse('The component_id is taken'),
      422: validationResponse,
    },
    async handler({ body }, ports) {
      await requireFreeKey(ports, body.component_id)
      const record = newRecord(ports, COMPONENT_KIND, body)
      await putRecord(ports, record)
      return { status: 201, body: recordView(record) }
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
      404: notFoundResponse(NOT_FOUND),
    },
    async handler({ params }, ports) {
      return { status: 200, body: recordView(await requireComponent(ports, params.component_id)) }
    },
  }),
  defineRoute({
    ...byKey,
    method: 'put',
    path: `${BASE}/:component_id`,
    operationId: 'updateComponent',
    summary: 'Update a component',
    description: `${PATH_NOTE} Every field is optional; fields left out keep their value. A new \`component_id\` must be free (409).`,
    body: updateComponentBody,
    responses: {
      200: { description: 'The updated component', schema: componentSchema },
      404: notFoundResponse(NOT_FOUND),
      409: conflictResponse('The component_id is taken'),
      422: validationResponse,
    },
    async handler({ params, body }, ports) {
      const record = await requireComponent(ports, params.component_id)
      if (body.component_id !== undefined) await requireFreeKey(ports, body.component_id, record.id)
      const next = patchedRecord(ports, record, body)
      await putRecord(ports, next)
      return { status: 200, body: recordView(next) }
    },
  }),
  defineRoute({
    ...byKey,
    method: 'delete',
    path: `${BASE}/:component_id`,
    operationId: 'deleteComponent',
    summary: 'Delete a component',
    description: `${PATH_NOTE} A system component (\`is_system: true\`) answers 409: it ships with the app; set \`is_system\` false first to remove it deliberately.`,
    responses: {
      204: { description: 'Deleted' },
      404: notFoundResponse(NOT_FOUND),
      409: conflictResponse('System components are not deleted'),
    },
    async handler({ params }, ports) {
      const record = await requireComponent(ports, params.component_id)
      if (record.data.is_system === true) throw conflict('System components cannot be deleted')
      await ports.store.writeRecords([{ delete: { kind: COMPONENT_KIND, id: record.id } }])
      return { status: 204 }
    },
  }),
]
