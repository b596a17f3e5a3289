import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import { newestFirst } from '../newestFirst'
import { recordView, type RecordPorts } from '../../../records/platformRecords'
import { pluginStateKind } from '../../../records/kinds/pluginStateKind'
import { isExpired, saveStates, syncStatus } from './pluginStateRecords'
import {
  bulkStateBody,
  createStateBody,
  jsonBytes,
  listStatesQuery,
  MAX_BULK_STATES,
  MAX_STATE_LIST,
  pluginStateSchema,
  pluginStateStatsSchema,
  STATE_STRATEGIES,
  updateStateBody,
} from './pluginStateSchemas'

const NOT_FOUND = pluginStateKind.notFound
const BASE = '/api/v1/plugin-state'
const tags = ['Plugin state']
const notFound = { description: NOT_FOUND, schema: errorSchema }
const invalid = { description: 'Validation error', schema: validationErrorSchema }

/** Plugin states are the caller's records; expiry is read against the clock, new states need ids. */
type PluginStatePorts = Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts

/** A live (unexpired) state, or 404. */
async function requireState(ports: Pick<ApiPorts, 'clock'> & RecordPorts, id: string): Promise<StoredRecord> {
  const record = await pluginStateKind.find(ports, id)
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
    description: `${ADDRESS} Differs from BrainDrive: BrainDrive answers 409 when the address already holds a state (its clients look the state up first and PUT it); Quire replaces it, so a save never fails.`,
    tags,
    errorStyle: 'platform',
    body: createStateBody,
    responses: {
      201: { description: 'A new state', schema: pluginStateSchema },
      200: { description: 'The state at that address, replaced', schema: pluginStateSchema },
      422: invalid,
    },
    async handler({ body }, ports: PluginStatePorts) {
      const saved = await saveStates(ports, [body])
      await ports.store.records.writeRecords(saved.writes)
      return { status: saved.created ? 201 : 200, body: recordView(saved.records[0]!) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/`,
    operationId: 'listPluginStates',
    summary: 'List plugin states, most recently saved first',
    description: `Every filter is optional and they combine (all must hold). A bare JSON array, as BrainDrive answers it (its clients read \`states[0]\`): \`limit\` 1..${MAX_STATE_LIST} (default 100) and \`offset\`. Expired states are left out.`,
    tags,
    errorStyle: 'platform',
    query: listStatesQuery,
    responses: {
      200: { description: 'The matching states', schema: z.array(pluginStateSchema) },
      422: invalid,
    },
    async handler({ query }, ports: PluginStatePorts) {
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
      const matching = newestFirst(await pluginStateKind.list(ports)).filter(
        (record) =>
          !isExpired(record, now) &&
          Object.entries(filters).every(
            ([field, value]) => value === undefined || record.data[field] === value,
          ),
      )
      return { status: 200, body: matching.slice(query.offset, query.offset + query.limit).map(recordView) }
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
    async handler({ body }, ports: PluginStatePorts) {
      const saved = await saveStates(ports, body.states)
      await ports.store.records.writeRecords(saved.writes)
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
      'Counts every stored state, expired ones included (they take space until `DELETE /cleanup`). BrainDrive’s fields, which its clients read: `total_states`, `active_states` (unexpired with `is_active` true), `total_size` (the JSON size of all `state_data`, in bytes), `plugins_with_state`, `average_state_size` and `last_activity` (the latest `updated_at`, null without states). Quire adds `expired_states`, `total_bytes` (= `total_size`), `by_strategy` (a count for each strategy) and `by_plugin` (states and bytes per plugin, most bytes first).',
    tags,
    responses: { 200: { description: 'Statistics', schema: pluginStateStatsSchema } },
    async handler(_input, ports: PluginStatePorts) {
      const now = ports.clock.now()
      const records = await pluginStateKind.list(ports)
      const byStrategy: Record<string, number> = Object.fromEntries(STATE_STRATEGIES.map((s) => [s, 0]))
      const byPlugin = new Map<string, { plugin_id: string; states: number; bytes: number }>()
      let totalBytes = 0
      let expired = 0
      let active = 0
      let lastActivity: string | null = null
      for (const record of records) {
        if (lastActivity === null || record.updated_at > lastActivity) lastActivity = record.updated_at
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
          total_size: totalBytes,
          plugins_with_state: byPlugin.size,
          average_state_size: records.length ? totalBytes / records.length : 0,
          last_activity: lastActivity,
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
      'Deletes, in one step, every state whose `ttl_expires_at` has passed and whose strategy is not `persistent`, and answers how many: `deleted_count` (BrainDrive’s name, which its clients read) and `deleted` (the same number), with a `message`. Differs from BrainDrive: expired persistent states are kept (they are hidden from readers, and the person’s other devices may still hold them); saving to their address replaces them.',
    tags,
    responses: {
      200: {
        description: 'How many states were removed',
        schema: z.object({ message: z.string(), deleted_count: z.int().min(0), deleted: z.int().min(0) }),
      },
    },
    async handler(_input, ports: PluginStatePorts) {
      const now = ports.clock.now()
      const doomed = (await pluginStateKind.list(ports)).filter(
        (record) => isExpired(record, now) && record.data.state_strategy !== 'persistent',
      )
      await ports.store.records.writeRecords(
        doomed.map((record) => ({ delete: { kind: pluginStateKind.kind, id: record.id } })),
      )
      const count = doomed.length
      return {
        status: 200,
        body: { message: `Cleaned up ${count} expired plugin states`, deleted_count: count, deleted: count },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:state_id`,
    operationId: 'getPluginState',
    summary: 'Get a plugin state',
    tags,
    params: pluginStateKind.params,
    notFoundDetail: NOT_FOUND,
    responses: { 200: { description: 'The state', schema: pluginStateSchema }, 404: notFound },
    async handler({ params }, ports: PluginStatePorts) {
      return { status: 200, body: recordView(await requireState(ports, params.state_id)) }
    },
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:state_id`,
    operationId: 'updatePluginState',
    summary: 'Replace a state’s data (and optionally its strategy, expiry and active flag)',
    description:
      '`state_data` replaces the stored object as a whole. `ttl_expires_at: null` removes the expiry; fields left out keep their value (`state_data` included). Other fields (a client’s whole create payload) are ignored.',
    tags,
    errorStyle: 'platform',
    params: pluginStateKind.params,
    notFoundDetail: NOT_FOUND,
    body: updateStateBody,
    responses: {
      200: { description: 'The updated state', schema: pluginStateSchema },
      404: notFound,
      422: invalid,
    },
    async handler({ params, body }, ports: PluginStatePorts) {
      const record = await requireState(ports, params.state_id)
      const strategy = body.state_strategy ?? String(record.data.state_strategy)
      const updated = pluginStateKind.patch(ports, record, {
        state_data: body.state_data,
        state_strategy: strategy,
        sync_status: syncStatus(strategy),
        ttl_expires_at: body.ttl_expires_at,
        is_active: body.is_active,
        device_id: body.device_id,
        state_schema_version: body.state_schema_version,
      })
      await pluginStateKind.put(ports, updated)
      return { status: 200, body: recordView(updated) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:state_id`,
    operationId: 'deletePluginState',
    summary: 'Delete a plugin state',
    tags,
    params: pluginStateKind.params,
    notFoundDetail: NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: notFound },
    async handler({ params }, ports: PluginStatePorts) {
      await requireState(ports, params.state_id)
      await pluginStateKind.remove(ports, params.state_id)
      return { status: 204 }
    },
  }),
]
