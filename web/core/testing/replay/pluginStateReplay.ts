import type { ContractClient } from '../contract/ContractClient'
import { unique } from '../contract/recordContractFixtures'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

/**
 * BrainDrive-Core's DatabasePersistenceManager (the web app's plugin-state service, which plugins reach
 * through the state bridge). Every request goes to `/api/v1/plugin-state` + an endpoint; a non-2xx
 * status throws, which the manager turns into "no state" or `success: false`.
 */
const DPM = 'BrainDriveAI/BrainDrive-Core frontend/src/services/DatabasePersistenceManager.ts'
const BASE = '/api/v1/plugin-state'

interface StateRecord {
  id: string
  state_data: Record<string, unknown>
}

/** `queryStates`: the query as `URLSearchParams` (undefined values left out), the answer read as an array. */
async function queryStates(client: ContractClient, query: Record<string, string | number | boolean>) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) params.append(key, value.toString())
  const { body } = await replay(client, { method: 'GET', path: `${BASE}/?${params.toString()}` }, 200)
  return expectArray<StateRecord>(body, 'GET /plugin-state/')
}

/** `saveState`'s payload (page id, TTL and schema version left out, as undefined fields are). */
function payload(pluginId: string, stateKey: string, state: Record<string, unknown>) {
  return {
    plugin_id: pluginId,
    state_key: stateKey,
    state_data: state,
    device_id: 'device_1700000000000_abc123def',
    state_strategy: 'persistent',
  }
}

/** `saveState`: look the state up (limit 1), then PUT the one found or POST a new one. */
async function saveState(
  client: ContractClient,
  pluginId: string,
  stateKey: string,
  state: Record<string, unknown>,
): Promise<StateRecord> {
  const existing = await queryStates(client, { plugin_id: pluginId, state_key: stateKey, limit: 1 })
  const json = payload(pluginId, stateKey, state)
  const { body } = existing[0]
    ? await replay<StateRecord>(client, { method: 'PUT', path: `${BASE}/${existing[0].id}`, json }, 200)
    : await replay<StateRecord>(client, { method: 'POST', path: `${BASE}/`, json }, [200, 201])
  expectFields(body, { id: 'string', state_data: 'object' }, 'the saved state')
  return body
}

export const pluginStateReplay: ReplayCase[] = [
  {
    name: 'Plugin state: saveState finds no state, POSTs it; saving again finds it (bare array) and PUTs it',
    sources: [`${DPM}:204`, `${DPM}:311`, `${DPM}:220`, `${DPM}:214`],
    async run(client) {
      const pluginId = unique('replay-plugin')
      const created = await saveState(client, pluginId, 'chat', { open: true })
      checkEqual(created.state_data, { open: true }, 'the created state')
      const updated = await saveState(client, pluginId, 'chat', { open: false, width: 320 })
      checkEqual(updated.id, created.id, 'the second save updates the state it found')
      checkEqual(updated.state_data, { open: false, width: 320 }, 'the updated state')
    },
  },
  {
    name: 'Plugin state: loadState asks for the active state (is_active=true, limit=1) and reads states[0].state_data',
    sources: [`${DPM}:248`, `${DPM}:311`],
    async run(client) {
      const pluginId = unique('replay-plugin')
      await saveState(client, pluginId, 'layout', { columns: 2 })
      const states = await queryStates(client, {
        plugin_id: pluginId,
        state_key: 'layout',
        is_active: true,
        limit: 1,
      })
      checkEqual(states.length, 1, 'one state')
      checkEqual(states[0]!.state_data, { columns: 2 }, 'states[0].state_data')
      const none = await queryStates(client, {
        plugin_id: unique('replay-plugin'),
        is_active: true,
        limit: 1,
      })
      checkEqual(none, [], 'no state is an empty array (the manager answers data: null)')
    },
  },
  {
    name: 'Plugin state: clearState DELETEs the state it finds; clearAll lists the plugin’s states and DELETEs each',
    sources: [`${DPM}:288`, `${DPM}:290`, `${DPM}:274`, `${DPM}:276`],
    async run(client) {
      const pluginId = unique('replay-plugin')
      await saveState(client, pluginId, 'one', { n: 1 })
      await saveState(client, pluginId, 'two', { n: 2 })
      await saveState(client, pluginId, 'three', { n: 3 })
      const [one] = await queryStates(client, { plugin_id: pluginId, state_key: 'one', limit: 1 })
      check(one !== undefined, 'the state to clear is found')
      const cleared = await replay(client, { method: 'DELETE', path: `${BASE}/${one!.id}` })
      check(cleared.status >= 200 && cleared.status < 300, `DELETE answers 2xx (${cleared.status})`)

      const rest = await queryStates(client, { plugin_id: pluginId })
      checkEqual(rest.length, 2, 'clearAll finds the other two')
      for (const state of rest) {
        const deleted = await replay(client, { method: 'DELETE', path: `${BASE}/${state.id}` })
        check(deleted.status >= 200 && deleted.status < 300, `DELETE answers 2xx (${deleted.status})`)
      }
      checkEqual(await queryStates(client, { plugin_id: pluginId }), [], 'all cleared')
    },
  },
  {
    name: 'Plugin state: getStateStats reads BrainDrive’s counts',
    sources: [`${DPM}:322`],
    async run(client) {
      await saveState(client, unique('replay-plugin'), 'stats', { counted: true })
      const { body } = await replay(client, { method: 'GET', path: `${BASE}/stats` }, 200)
      expectFields(
        body,
        {
          total_states: 'number',
          active_states: 'number',
          total_size: 'number',
          plugins_with_state: 'number',
          average_state_size: 'number',
          last_activity: 'string|null',
        },
        'GET /plugin-state/stats',
      )
      const stats = body as { total_states: number; plugins_with_state: number }
      check(stats.total_states >= 1 && stats.plugins_with_state >= 1, 'the saved state is counted')
    },
  },
  {
    name: 'Plugin state: cleanupExpiredStates reads deleted_count',
    sources: [`${DPM}:438`],
    async run(client) {
      const { body } = await replay(client, { method: 'DELETE', path: `${BASE}/cleanup` }, 200)
      expectFields(body, { deleted_count: 'number' }, 'DELETE /plugin-state/cleanup')
    },
  },
]
