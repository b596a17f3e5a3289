import { describe, expect, it } from 'vitest'
import type { ApiPorts } from '../ApiPorts'
import { invokeRoute } from '../invokeRoute'
import type { ConflictView } from '../../sync/appData/conflictViews'
import { syncConflictRoutes } from './syncConflictRoutes'

const route = (operationId: string) => syncConflictRoutes.find((r) => r.operationId === operationId)!
const view: ConflictView = {
  conflict_id: 'collection c1 name 000000000000001000-000000-laptop',
  kind: 'collection',
  id: 'c1',
  field: 'name',
  what: 'collection',
  title: 'Mills',
  lost: { value: 'Old', removed: false, at: new Date(1000).toISOString(), device: 'laptop' },
  current: { value: 'Mills', removed: false, at: new Date(2000).toISOString(), device: 'phone' },
}

function portsWith(conflicts?: ApiPorts['syncConflicts']): ApiPorts {
  return { syncConflicts: conflicts } as unknown as ApiPorts
}

describe('syncConflictRoutes', () => {
  it('lists, restores and dismisses through the port; an unknown conflict is 404, a bad body 422', async () => {
    let open = [view]
    const restored: string[] = []
    const ports = portsWith({
      list: async () => open,
      restore: async (id) => {
        if (!open.some((c) => c.conflict_id === id)) return false
        restored.push(id)
        open = []
        return true
      },
      dismiss: async () => false,
    })
    const list = await invokeRoute(
      route('listSyncConflicts'),
      { params: {}, query: {}, body: () => undefined },
      ports,
    )
    expect(list).toMatchObject({ status: 200, body: { items: [view] } })
    const restore = (body: unknown) =>
      invokeRoute(route('restoreSyncConflict'), { params: {}, query: {}, body: () => body }, ports)
    expect(await restore({ conflict_id: view.conflict_id })).toMatchObject({
      status: 200,
      body: { items: [] },
    })
    expect(restored).toEqual([view.conflict_id])
    expect((await restore({ conflict_id: view.conflict_id })).status).toBe(404)
    expect((await restore({ conflict: 'x' })).status).toBe(422)
    const dismiss = await invokeRoute(
      route('dismissSyncConflict'),
      { params: {}, query: {}, body: () => ({ conflict_id: 'gone' }) },
      ports,
    )
    expect(dismiss.status).toBe(404)
  })

  it('answers 404 on a host without sync', async () => {
    const list = await invokeRoute(
      route('listSyncConflicts'),
      { params: {}, query: {}, body: () => undefined },
      portsWith(),
    )
    expect(list.status).toBe(404)
  })
})
