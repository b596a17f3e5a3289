import { check, checkEqual, checkNewRecord } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { UNKNOWN_ID } from './contractFixtures'
import { call, callerId, expectInvalid, expectNotFound, sleep, unique } from './recordContractFixtures'

const BASE = '/api/v1/plugin-state/'
const PAST = '2001-02-03T04:05:06.000Z'

interface State {
  id: string
  user_id: string
  plugin_id: string
  page_id: string | null
  state_key: string | null
  state_strategy: string
  state_data: Record<string, unknown>
  ttl_expires_at: string | null
  device_id: string | null
  state_schema_version: string | null
  sync_status: string
  is_active: boolean
  created_at: string
  updated_at: string
}

interface Stats {
  total_states: number
  active_states: number
  total_size: number
  plugins_with_state: number
  average_state_size: number
  last_activity: string | null
  expired_states: number
  total_bytes: number
  by_strategy: Record<string, number>
  by_plugin: Array<{ plugin_id: string; states: number; bytes: number }>
}

function save(client: ContractClient, json: Record<string, unknown>, status = 201): Promise<State> {
  return call<State>(client, 'POST', BASE, json, status)
}

/** The list is a bare array, as BrainDrive answers it (its clients read `states[0]`). */
function list(client: ContractClient, query: string): Promise<State[]> {
  return call<State[]>(client, 'GET', `${BASE}?${query}`, undefined, 200)
}

async function pluginStats(client: ContractClient, pluginId: string) {
  const stats = await call<Stats>(client, 'GET', `${BASE}stats`, undefined, 200)
  return { stats, mine: stats.by_plugin.find((p) => p.plugin_id === pluginId) }
}

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length

export const pluginStateContract: HostCase<ContractClient>[] = [
  {
    name: 'Plugin state: POST creates (201), the same address replaces (200); GET, PUT, DELETE by id',
    async run(client) {
      const plugin = unique('plugin')
      const created = await save(client, { plugin_id: plugin, state_key: 'layout', state_data: { a: 1 } })
      checkNewRecord(created)
      checkEqual(
        Object.keys(created).sort(),
        [
          'created_at',
          'device_id',
          'id',
          'is_active',
          'page_id',
          'plugin_id',
          'state_data',
          'state_key',
          'state_schema_version',
          'state_strategy',
          'sync_status',
          'ttl_expires_at',
          'updated_at',
          'user_id',
        ],
        'fields',
      )
      checkEqual(created.user_id, await callerId(client), 'user_id is the caller')
      checkEqual(
        [
          created.state_strategy,
          created.sync_status,
          created.is_active,
          created.page_id,
          created.ttl_expires_at,
        ],
        ['persistent', 'pending', true, null, null],
        'defaults',
      )

      const replaced = await save(
        client,
        { plugin_id: plugin, state_key: 'layout', state_data: { a: 2 } },
        200,
      )
      checkEqual([replaced.id, replaced.created_at], [created.id, created.created_at], 'same state')
      check(replaced.updated_at > created.updated_at, 'updated_at moves')
      const other = await save(client, {
        plugin_id: plugin,
        state_key: 'layout',
        device_id: 'tablet',
        state_data: {},
      })
      check(other.id !== created.id, 'another device is another address')

      const got = await call<State>(client, 'GET', `${BASE}${created.id}`, undefined, 200)
      checkEqual(got.state_data, { a: 2 }, 'GET shows the replaced data')
      const put = await call<State>(
        client,
        'PUT',
        `${BASE}${created.id}`,
        { state_data: { b: [true] }, state_strategy: 'session', ttl_expires_at: '2999-01-01T01:00:00+01:00' },
        200,
      )
      checkEqual(
        [put.state_data, put.state_strategy, put.sync_status, put.ttl_expires_at, put.state_key],
        [{ b: [true] }, 'session', 'local', '2999-01-01T00:00:00.000Z', 'layout'],
        'PUT replaces the data, strategy and expiry (in UTC)',
      )
      const cleared = await call<State>(
        client,
        'PUT',
        `${BASE}${created.id}`,
        { state_data: {}, ttl_expires_at: null },
        200,
      )
      checkEqual(
        [cleared.ttl_expires_at, cleared.state_strategy],
        [null, 'session'],
        'null clears the expiry',
      )

      await call(client, 'DELETE', `${BASE}${created.id}`, undefined, 204)
      await expectNotFound(client, 'GET', `${BASE}${created.id}`, undefined, 'Plugin state not found')
      await expectNotFound(client, 'DELETE', `${BASE}${created.id}`, undefined, 'Plugin state not found')
      await expectNotFound(
        client,
        'PUT',
        `${BASE}${UNKNOWN_ID}`,
        { state_data: {} },
        'Plugin state not found',
      )
      await expectNotFound(client, 'GET', `${BASE}not-a-uuid`, undefined, 'Plugin state not found')
    },
  },
  {
    name: 'Plugin state: invalid requests answer 422 naming the field; a bad bulk saves nothing',
    async run(client) {
      const plugin = unique('plugin')
      await expectInvalid(client, 'POST', BASE, { state_data: {} }, 'plugin_id')
      await expectInvalid(client, 'POST', BASE, { plugin_id: plugin }, 'state_data')
      await expectInvalid(client, 'POST', BASE, { plugin_id: plugin, state_data: 'text' }, 'state_data')
      await expectInvalid(client, 'POST', BASE, { plugin_id: 7, state_data: {} }, 'plugin_id')
      await expectInvalid(
        client,
        'POST',
        BASE,
        { plugin_id: plugin, state_data: {}, state_strategy: 'forever' },
        'state_strategy',
      )
      await expectInvalid(
        client,
        'POST',
        BASE,
        { plugin_id: plugin, state_data: {}, ttl_expires_at: 'tomorrow' },
        'ttl_expires_at',
      )
      await expectInvalid(
        client,
        'POST',
        BASE,
        { plugin_id: plugin, state_data: {}, page_id: 'home' },
        'page_id',
      )
      // Unknown fields are ignored, as FastAPI ignores them (this issue changed it: they were 422).
      const other = await save(client, { plugin_id: unique('plugin'), state_data: {}, stateKey: 'k' })
      check(!('stateKey' in other), 'an unknown field is ignored, not stored')
      const kept = await save(client, { plugin_id: plugin, state_key: 'k', state_data: { v: 1 } })
      await expectInvalid(client, 'PUT', `${BASE}${kept.id}`, { state_data: [1] }, 'state_data')
      // BrainDrive's update makes `state_data` optional: left out, the stored data stays.
      const restrategied = await call<State>(
        client,
        'PUT',
        `${BASE}${kept.id}`,
        { state_strategy: 'session', plugin_id: 'ignored' },
        200,
      )
      checkEqual(
        [restrategied.state_data, restrategied.state_strategy, restrategied.plugin_id],
        [{ v: 1 }, 'session', plugin],
        'PUT without state_data keeps it',
      )
      await expectInvalid(client, 'POST', `${BASE}bulk`, { states: [] }, 'states')
      await expectInvalid(
        client,
        'POST',
        `${BASE}bulk`,
        { states: [{ plugin_id: plugin, state_key: 'k', state_data: { v: 2 } }, { state_data: {} }] },
        'plugin_id',
      )
      const after = await call<State>(client, 'GET', `${BASE}${kept.id}`, undefined, 200)
      checkEqual(after.state_data, { v: 1 }, 'the valid half of a failed bulk was not saved')
      checkEqual((await list(client, `plugin_id=${encodeURIComponent(plugin)}`)).length, 1, 'nothing new')
    },
  },
  {
    name: 'Plugin state: bulk saves every state in one step, the later of two at one address winning',
    async run(client) {
      const plugin = unique('plugin')
      const result = await call<{ states: State[]; created: number; updated: number }>(
        client,
        'POST',
        `${BASE}bulk`,
        {
          states: [
            { plugin_id: plugin, state_key: 'a', state_data: { n: 1 } },
            { plugin_id: plugin, state_key: 'b', state_data: { n: 2 }, state_strategy: 'session' },
            { plugin_id: plugin, state_key: 'a', state_data: { n: 3 } },
          ],
        },
        200,
      )
      checkEqual([result.created, result.updated, result.states.length], [2, 0, 3], 'counts')
      checkEqual(result.states[0]!.id, result.states[2]!.id, 'one address, one state')
      checkEqual(result.states[0]!.state_data, { n: 3 }, 'the later one won')
      const again = await call<{ created: number; updated: number }>(
        client,
        'POST',
        `${BASE}bulk`,
        { states: [{ plugin_id: plugin, state_key: 'b', state_data: { n: 4 } }] },
        200,
      )
      checkEqual([again.created, again.updated], [0, 1], 'replaced')
      const page = await list(client, `plugin_id=${encodeURIComponent(plugin)}`)
      checkEqual(page.length, 2, 'two states stored')
    },
  },
  {
    name: 'Plugin state: the list (a bare array) filters, newest first, and slices (edges included)',
    async run(client) {
      const plugin = unique('plugin')
      const page = '0b6f6a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b'
      const first = await save(client, { plugin_id: plugin, state_key: 'one', state_data: {}, page_id: page })
      const second = await save(client, {
        plugin_id: plugin,
        state_key: 'two',
        state_data: {},
        state_strategy: 'session',
        device_id: 'phone',
      })
      const third = await save(client, {
        plugin_id: plugin,
        state_key: 'three',
        state_data: {},
        is_active: false,
      })
      const q = `plugin_id=${encodeURIComponent(plugin)}`
      const all = await list(client, q)
      checkEqual(
        all.map((s) => s.id),
        [third.id, second.id, first.id],
        'newest first',
      )
      checkEqual(
        (await list(client, `${q}&page_id=${page}`)).map((s) => s.id),
        [first.id],
        'page_id',
      )
      checkEqual(
        (await list(client, `${q}&state_key=two`)).map((s) => s.id),
        [second.id],
        'state_key',
      )
      checkEqual(
        (await list(client, `${q}&state_strategy=session`)).map((s) => s.id),
        [second.id],
        'strategy',
      )
      checkEqual(
        (await list(client, `${q}&device_id=phone`)).map((s) => s.id),
        [second.id],
        'device_id',
      )
      checkEqual(
        (await list(client, `${q}&sync_status=local`)).map((s) => s.id),
        [second.id],
        'sync_status',
      )
      checkEqual(
        (await list(client, `${q}&is_active=false`)).map((s) => s.id),
        [third.id],
        'is_active',
      )
      checkEqual((await list(client, `${q}&is_active=true`)).length, 2, 'is_active=true')

      const p2 = await list(client, `${q}&limit=2&offset=2`)
      checkEqual(
        p2.map((s) => s.id),
        [first.id],
        'second slice',
      )
      checkEqual(await list(client, `${q}&limit=2&offset=10`), [], 'offset past the end')
      checkEqual((await list(client, `${q}&limit=1000`)).length, 3, 'limit up to 1000, as BrainDrive')
      await expectInvalid(client, 'GET', `${BASE}?limit=1001`, undefined, 'limit')
      await expectInvalid(client, 'GET', `${BASE}?limit=0`, undefined, 'limit')
      await expectInvalid(client, 'GET', `${BASE}?offset=-1`, undefined, 'offset')
      await expectInvalid(client, 'GET', `${BASE}?is_active=maybe`, undefined, 'is_active')
      await expectInvalid(client, 'GET', `${BASE}?state_strategy=forever`, undefined, 'state_strategy')
    },
  },
  {
    name: 'Plugin state: expired states vanish at once; stats count them; cleanup removes the non-persistent',
    async run(client) {
      const plugin = unique('plugin')
      const q = `plugin_id=${encodeURIComponent(plugin)}`
      const expiredSession = await save(client, {
        plugin_id: plugin,
        state_key: 'gone',
        state_strategy: 'session',
        state_data: { x: 'y' },
        ttl_expires_at: PAST,
      })
      const expiredPersistent = await save(client, {
        plugin_id: plugin,
        state_key: 'kept',
        state_data: { p: 1 },
        ttl_expires_at: PAST,
      })
      const live = await save(client, {
        plugin_id: plugin,
        state_key: 'live',
        state_strategy: 'none',
        state_data: {},
      })
      const soon = await save(client, {
        plugin_id: plugin,
        state_key: 'soon',
        state_strategy: 'custom',
        state_data: { s: 'abc' },
        ttl_expires_at: new Date(Date.now() + 1500).toISOString(),
      })
      await expectNotFound(client, 'GET', `${BASE}${expiredSession.id}`, undefined, 'Plugin state not found')
      await expectNotFound(
        client,
        'PUT',
        `${BASE}${expiredPersistent.id}`,
        { state_data: {} },
        'Plugin state not found',
      )
      checkEqual(
        (await list(client, q)).map((s) => s.id),
        [soon.id, live.id],
        'expired states are not listed',
      )

      const before = await pluginStats(client, plugin)
      const all = [expiredSession, expiredPersistent, live, soon]
      checkEqual(
        before.mine,
        { plugin_id: plugin, states: 4, bytes: all.reduce((n, s) => n + bytes(s.state_data), 0) },
        'by_plugin',
      )
      check(before.stats.expired_states >= 2, 'expired states are counted')
      check(before.stats.total_states >= 4 && before.stats.total_bytes >= before.mine!.bytes, 'totals')
      // BrainDrive's names, which its clients read.
      checkEqual(before.stats.total_size, before.stats.total_bytes, 'total_size')
      check(before.stats.plugins_with_state >= 1, 'plugins_with_state')
      checkEqual(
        before.stats.average_state_size,
        before.stats.total_size / before.stats.total_states,
        'average_state_size',
      )
      check(typeof before.stats.last_activity === 'string', 'last_activity')
      check(
        (before.stats.by_strategy.custom ?? 0) >= 1 && (before.stats.by_strategy.none ?? 0) >= 1,
        'by_strategy',
      )

      await sleep(Math.max(0, Date.parse(soon.ttl_expires_at!) - Date.now()) + 100)
      await expectNotFound(client, 'GET', `${BASE}${soon.id}`, undefined, 'Plugin state not found')
      const cleanup = await call<{ deleted: number; deleted_count: number }>(
        client,
        'DELETE',
        `${BASE}cleanup`,
        undefined,
        200,
      )
      checkEqual(cleanup.deleted_count, cleanup.deleted, 'deleted_count, BrainDrive’s name')
      check(
        cleanup.deleted >= 2,
        `cleanup removed the expired session and custom states (${cleanup.deleted})`,
      )
      const after = await pluginStats(client, plugin)
      checkEqual(after.mine?.states, 2, 'the persistent expired state and the live one remain')
      checkEqual(
        (await call<{ deleted: number }>(client, 'DELETE', `${BASE}cleanup`, undefined, 200)).deleted,
        0,
        'nothing left to clean',
      )

      const revived = await save(client, { plugin_id: plugin, state_key: 'kept', state_data: { p: 2 } }, 201)
      check(revived.id !== expiredPersistent.id, 'saving to an expired address makes a new state')
      checkEqual((await pluginStats(client, plugin)).mine?.states, 2, 'the expired one was replaced')
    },
  },
]
