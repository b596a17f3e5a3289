import { z } from 'zod'
import { ApiError } from '../../ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { pageSchema, toPage } from '../../pagination'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import { toTimestamp } from '../../../time/Clock'
import { newestFirst } from '../newestFirst'
import { recordView } from '../platformRecords'
import { isExpired, PLUGIN_STATE, saveStates, syncStatus } from './pluginStateRecords'
import {
  bulkStateBody,
  createStateBody,
  jsonBytes,
  listStatesQuery,
  MAX_BULK_STATES,
  pluginStateSchema,
  pluginStateStatsSchema,
  STATE_STRATEGIES,
  stateIdParams,
  updateStateBody,
} from './pluginStateSchemas'

const NOT_FOUND = 'Plugin state not found'
const BASE = '/api/v1/plugin-state'
const tags = ['Plugin state']
const notFound = { description: NOT_FOUND, schema: errorSchema }
const invalid = { description: 'Validation error', schema: validationErrorSchema }

/** A live (unexpired) state, or 404. */
async function requireState(ports: ApiPorts, id: string): Promise<StoredRecord> {
  const record = await ports.store.getRecord(PLUGIN_STATE, id)
  if (!record || isExpired(record, ports.clock.now())) throw ApiError.notFound(NOT_FOUND)
  return record
}

const ADDRESS =
  'A state is addressed by `plugin_id`, `page_id`, `state_key` and `device_id` (the last three may be null): saving to an address that holds a live state replaces that state (same id and `created_at`, answered 200), otherwise a new state is made (201). `state_strategy` defaults to `persistent`. `sync_status` is `pending` for persistent states (they sync to the person’s other devices) and `local` for the others. A state whose `ttl_expires_at` has passed is gone for readers at once (404, left out of lists and of new saves) even before `DELETE /cleanup` removes it. `state_data` is a JSON object of at most 1 MiB.'

export const pluginStateRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: `${BASE}/`,
    operationId: 'savePluginState',
    summary: 'Save a plugin’s state (create, or replace the state at the same address)',
    description: ADDRESS,
    tags,
    errorStyle: 'platform',
    body: createStateBody,
    responses: {
      201: { description: 'A new state', schema: pluginStateSchema },
      200: { description: 'The state at that address, replaced', schema: pluginStateSchema },
      422: invalid,
    },
    async handler({ body }, ports) {
      const saved = await saveStates(ports, [body])
      await ports.store.writeRecords(saved.writes)
      return { status: saved.created ? 201 : 200, body: recordView(saved.records[0]!) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/`,
    operationId: 'listPluginStates',
    summary: 'List plugin states, most recently saved first',
    description:
      'Every filter is optional and they combine (all must hold). Paginated: `{items, total_items, page, page_size, total_pages}` with `limit` (1..100, default 20) and `offset`. Expired states are left out.',
    tags,
    errorStyle: 'platform',
    query: listStatesQuery,
    responses: {
      200: { description: 'One page of states', schema: pageSchema(pluginStateSchema) },
      422: invalid,
    },
    async handler({ query }, ports) {
      const now = ports.clock.now()
      const filters = {
        plugin_id: query.plugin_id,
        page_id: query.page_id,
        state_key: query.state_key,
        state_strategy: query.state_strategy,
        sync_status: query.sync_status,
        is_active: query.is_active,
        device_id: query.device_id,
      }
      const matching = newestFirst(await ports.store.listRecords(PLUGIN_STATE)).filter(
        (record) =>
          !isExpired(record, now) &&
          Object.entries(filters).every(
            ([field, value]) => value === undefined || record.data[field] === value,
          ),
      )
      const items = matching.slice(query.offset, query.offset + query.limit).map(recordView)
      return { status: 200, body: toPage(items, matching.length, query.limit, query.offset) }
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/bulk`,
    operationId: 'savePluginStates',
    summary: `Save up to ${MAX_BULK_STATES} states at once: all or nothing`,
    description: `Each state as \`POST /api/v1/plugin-state/\` saves it (create or replace by address); one invalid state fails the whole request with 422 naming it (\`loc: ['body', 'states', index, field]\`) and nothing is saved. Two states with the same address in one request: the later one wins. Answers the saved states in request order with how many were created and replaced.`,
    tags,
    errorStyle: 'platform',
    body: bulkStateBody,
    responses: {
      200: {
        description: 'The saved states',
        schema: z.object({
          states: z.array(pluginStateSchema),
          created: z.int().min(0),
          updated: z.int().min(0),
        }),
      },
      422: invalid,
    },
    async handler({ body }, ports) {
      const saved = await saveStates(ports, body.states)
      await ports.store.writeRecords(saved.writes)
      return {
        status: 200,
        body: { states: saved.records.map(recordView), created: saved.created, updated: saved.updated },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/stats`,
    operationId: 'pluginStateStats',
    summary: 'Storage statistics of plugin states',
    description:
      'Counts every stored state, expired ones included (they take space until `DELETE /cleanup`): `total_states`, `active_states` (unexpired with `is_active` true), `expired_states`, `total_bytes` (the JSON size of all `state_data`), `by_strategy` (a count for each strategy) and `by_plugin` (states and bytes per plugin, most bytes first).',
    tags,
    responses: { 200: { description: 'Statistics', schema: pluginStateStatsSchema } },
    async handler(_input, ports) {
      const now = ports.clock.now()
      const records = await ports.store.listRecords(PLUGIN_STATE)
      const byStrategy: Record<string, number> = Object.fromEntries(STATE_STRATEGIES.map((s) => [s, 0]))
      const byPlugin = new Map<string, { plugin_id: string; states: number; bytes: number }>()
      let totalBytes = 0
      let expired = 0
      let active = 0
      for (const record of records) {
        const bytes = jsonBytes(record.data.state_data)
        const pluginId = String(record.data.plugin_id)
        const plugin = byPlugin.get(pluginId) ?? { plugin_id: pluginId, states: 0, bytes: 0 }
        plugin.states += 1
        plugin.bytes += bytes
        byPlugin.set(pluginId, plugin)
        const strategy = String(record.data.state_strategy)
        byStrategy[strategy] = (byStrategy[strategy] ?? 0) + 1
        totalBytes += bytes
        if (isExpired(record, now)) expired += 1
        else if (record.data.is_active === true) active += 1
      }
      return {
        status: 200,
        body: {
          total_states: records.length,
          active_states: active,
          expired_states: expired,
          total_bytes: totalBytes,
          by_strategy: byStrategy,
          by_plugin: [...byPlugin.values()].sort(
            (a, b) => b.bytes - a.bytes || a.plugin_id.localeCompare(b.plugin_id),
          ),
        },
      }
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/cleanup`,
    operationId: 'cleanupPluginStates',
    summary: 'Remove expired states that are not persistent',
    description:
      'Deletes, in one step, every state whose `ttl_expires_at` has passed and whose strategy is not `persistent`, and answers how many. Expired persistent states are kept (they are hidden from readers, and the person’s other devices may still hold them); saving to their address replaces them.',
    tags,
    responses: {
      200: { description: 'How many states were removed', schema: z.object({ deleted: z.int().min(0) }) },
    },
    async handler(_input, ports) {
      const now = ports.clock.now()
      const doomed = (await ports.store.listRecords(PLUGIN_STATE)).filter(
        (record) => isExpired(record, now) && record.data.state_strategy !== 'persistent',
      )
      await ports.store.writeRecords(
        doomed.map((record) => ({ delete: { kind: PLUGIN_STATE, id: record.id } })),
      )
      return { status: 200, body: { deleted: doomed.length } }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:state_id`,
    operationId: 'getPluginState',
    summary: 'Get a plugin state',
    tags,
    params: stateIdParams,
    notFoundDetail: NOT_FOUND,
    responses: { 200: { description: 'The state', schema: pluginStateSchema }, 404: notFound },
    async handler({ params }, ports) {
      return { status: 200, body: recordView(await requireState(ports, params.state_id)) }
    },
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:state_id`,
    operationId: 'updatePluginState',
    summary: 'Replace a state’s data (and optionally its strategy, expiry and active flag)',
    description:
      '`state_data` replaces the stored object as a whole. `ttl_expires_at: null` removes the expiry; fields left out keep their value.',
    tags,
    errorStyle: 'platform',
    params: stateIdParams,
    notFoundDetail: NOT_FOUND,
    body: updateStateBody,
    responses: {
      200: { description: 'The updated state', schema: pluginStateSchema },
      404: notFound,
      422: invalid,
    },
    async handler({ params, body }, ports) {
      const record = await requireState(ports, params.state_id)
      const strategy = body.state_strategy ?? String(record.data.state_strategy)
      const data: Record<string, unknown> = {
        ...record.data,
        state_data: body.state_data,
        state_strategy: strategy,
      }
      if (body.ttl_expires_at !== undefined) data.ttl_expires_at = body.ttl_expires_at
      if (body.is_active !== undefined) data.is_active = body.is_active
      data.sync_status = syncStatus(strategy)
      const updated = { ...record, data, updated_at: toTimestamp(ports.clock.now()) }
      await ports.store.writeRecords([{ put: updated }])
      return { status: 200, body: recordView(updated) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:state_id`,
    operationId: 'deletePluginState',
    summary: 'Delete a plugin state',
    tags,
    params: stateIdParams,
    notFoundDetail: NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: notFound },
    async handler({ params }, ports) {
      await requireState(ports, params.state_id)
      await ports.store.writeRecords([{ delete: { kind: PLUGIN_STATE, id: params.state_id } }])
      return { status: 204 }
    },
  }),
]
