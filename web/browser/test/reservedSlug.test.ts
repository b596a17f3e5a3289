import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import type { ApiPorts } from '../../core/api/ApiPorts'
import { invokeRoute } from '../../core/api/invokeRoute'
import { testManifest } from '../../core/api/platform/plugins/installTestPackages'
import { pluginKind } from '../../core/records/kinds/pluginKind'
import { pluginSlugWriteRoutes } from '../../core/api/platform/plugins/pluginWriteRoutes'

let databases = 0
function ports(): ApiPorts {
  let id = 0
  let now = Date.parse('2025-01-01T00:00:00Z')
  return {
    store: new DexieStore(
      new QuireDatabase(`reserved-slug-${++databases}`, { indexedDB: new IDBFactory(), IDBKeyRange }),
    ),
    clock: { now: () => now++ },
    newId: () => `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
    currentUserId: async () => 'user-1',
    logError: () => {},
  } as unknown as ApiPorts
}

const register = pluginSlugWriteRoutes.find((r) => r.path === '/api/v1/plugins/:plugin_slug/register')!

const call = (p: ApiPorts, slug: string) =>
  invokeRoute(
    register,
    { params: { plugin_slug: slug }, query: {}, body: testManifest({ slug }) },
    p,
    () => {},
  )

describe('register refuses the reserved slug', () => {
  it('answers 422 naming plugin_slug for quire, and saves nothing', async () => {
    const p = ports()
    const answer = await call(p, 'quire')
    expect(answer.status).toBe(422)
    expect(JSON.stringify(answer.body)).toContain('plugin_slug')
    expect(JSON.stringify(answer.body)).toContain('reserved')
    expect(await pluginKind.list(p)).toEqual([])
  })

  it('registers any other slug', async () => {
    const p = ports()
    const answer = await call(p, 'QuireNotesCopy')
    expect(answer.status).toBe(200)
    expect((await pluginKind.list(p)).map((r) => r.data.plugin_slug)).toEqual(['QuireNotesCopy'])
  })
})
