import { describe, expect, it } from 'vitest'
import { accountRoutes } from '../account/accountRoutes'
import type { ApiPorts } from '../ApiPorts'
import { buildOpenApi } from '../buildOpenApi'
import { invokeRoute } from '../invokeRoute'
import type { Route } from '../Route'
import { routes } from '../routes'
import { SYNC_STATUS_OFF, type SyncStatus } from '../../sync/SyncLoop'
import { syncStatusRoutes, syncStatusSchema } from './syncStatusRoutes'

function route(method: string, path: string): Route {
  const found = syncStatusRoutes.find((r) => r.method === method && r.path === path)
  if (!found) throw new Error(`no route ${method} ${path}`)
  return found
}

const call = (r: Route, ports: ApiPorts) =>
  invokeRoute(r, { params: {}, query: {}, body: undefined }, ports, () => {})

const idle: SyncStatus = {
  state: 'idle',
  last_synced_at: '2025-01-01T00:00:00.000Z',
  pending: 2,
  error: null,
  next_attempt_at: '2025-01-01T00:00:30.000Z',
  server_url: 'https://sync.example',
}

/** A port over a status the test sets; `syncNow` counts its calls and answers `after`. */
function fakeSync(current: SyncStatus, after: SyncStatus = current) {
  const port = {
    calls: 0,
    status: async () => current,
    syncNow: async () => {
      port.calls += 1
      return after
    },
  }
  return port
}

function portsWith(syncStatus?: ApiPorts['syncStatus']): ApiPorts {
  return { syncStatus, logError: () => {} } as unknown as ApiPorts
}

describe('syncStatusRoutes', () => {
  it('answers 404 on a host without background sync', async () => {
    for (const r of syncStatusRoutes) {
      expect(await call(r, portsWith())).toEqual({
        status: 404,
        body: { detail: 'Sync is not available on this host' },
      })
    }
  })

  it('answers the status, off and empty when no one is signed in', async () => {
    const status = await call(route('get', '/api/v1/sync/status'), portsWith(fakeSync(SYNC_STATUS_OFF)))
    expect(status).toEqual({ status: 200, body: SYNC_STATUS_OFF })
    const signedIn = await call(route('get', '/api/v1/sync/status'), portsWith(fakeSync(idle)))
    expect(signedIn).toEqual({ status: 200, body: idle })
    expect(syncStatusSchema.safeParse(signedIn.body).success).toBe(true)
  })

  it('runs a round and answers the status after it, a failed round included', async () => {
    const failed: SyncStatus = { ...idle, state: 'error', error: 'Sync request failed with 500: boom' }
    const sync = fakeSync(idle, failed)
    const result = await call(route('post', '/api/v1/sync/now'), portsWith(sync))
    expect(result).toEqual({ status: 200, body: failed })
    expect(sync.calls).toBe(1)
  })

  it('refuses Sync now with 409 when no one is signed in, running nothing', async () => {
    const sync = fakeSync(SYNC_STATUS_OFF)
    const result = await call(route('post', '/api/v1/sync/now'), portsWith(sync))
    expect(result.status).toBe(409)
    expect(result.body).toEqual({ detail: expect.stringContaining('Not signed in') })
    expect(sync.calls).toBe(0)
  })

  it("joins the browser's route table without clashing", () => {
    const all = [...routes, ...accountRoutes, ...syncStatusRoutes]
    const doc = buildOpenApi(all) as { paths: Record<string, Record<string, unknown>> }
    expect(doc.paths['/api/v1/sync/status']).toHaveProperty('get')
    expect(doc.paths['/api/v1/sync/now']).toHaveProperty('post')
    const ids = all.map((r) => r.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    const keys = all.map((r) => `${r.method} ${r.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})
