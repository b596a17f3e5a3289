import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import { monotonicClock } from '../../core/kernel/time/Clock'
import { pluginKind } from '../../core/records/kinds/pluginKind'
import { pluginModuleKind } from '../../core/records/kinds/pluginModuleKind'
import { manifestEntry, pluginView } from '../../core/api/platform/plugins/pluginViews'
import { savePluginRecords } from '../../core/api/platform/plugins/savePluginRecords'

function ports() {
  const store = new DexieStore(
    new QuireDatabase(`plugins-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange }),
  )
  return { store, clock: monotonicClock(), newId: () => crypto.randomUUID(), currentUserId: async () => 'me' }
}

const plugin = (version: string) => ({
  plugin_slug: 'Notes',
  name: 'Notes',
  version,
  scope: 'Notes',
  bundle_location: '/dist/remoteEntry.js',
  bundle_method: 'webpack',
  is_local: false,
  // System-managed: never taken from a manifest.
  update_available: true,
  latest_version: '9.9.9',
})
const key = (c: string) => c.repeat(64)

describe('savePluginRecords', () => {
  it('writes a plugin and its modules in one batch, in the stored shape of their kinds', async () => {
    const p = ports()
    const write = vi.spyOn(p.store.records, 'writeRecords')
    const saved = await savePluginRecords(
      p,
      {
        plugin: plugin('1.0.0'),
        modules: [
          { name: 'Board', priority: 1 },
          { name: 'Count', priority: 5 },
        ],
      },
      { files: { 'dist/remoteEntry.js': key('a') }, install_source: { method: 'upload' } },
    )
    expect(write).toHaveBeenCalledTimes(1)
    expect(write.mock.calls[0]![0]).toHaveLength(3)
    expect(pluginKind.fields.safeParse(saved.plugin.data).success).toBe(true)
    for (const m of saved.modules) expect(pluginModuleKind.fields.safeParse(m.data).success).toBe(true)
    expect(saved.plugin.data).toMatchObject({
      enabled: true,
      status: 'installed',
      trusted: false,
      update_available: false,
      latest_version: null,
      user_id: 'me',
      install_source: { method: 'upload' },
    })
    expect(saved.modules.map((m) => [m.parent_id, m.data.plugin_id, m.data.enabled])).toEqual([
      [saved.plugin.id, saved.plugin.id, true],
      [saved.plugin.id, saved.plugin.id, true],
    ])
  })

  it('an update keeps the plugin’s id and choices, and its modules’ ids and enabled by name; dropped modules go', async () => {
    const p = ports()
    const first = await savePluginRecords(p, {
      plugin: plugin('1.0.0'),
      modules: [{ name: 'Board' }, { name: 'Old' }],
    })
    const board = first.modules.find((m) => m.data.name === 'Board')!
    await pluginModuleKind.put(p, pluginModuleKind.patch(p, board, { enabled: false }))
    await pluginKind.put(p, pluginKind.patch(p, first.plugin, { enabled: false, trusted: true }))
    const replaces = await pluginKind.require(p, first.plugin.id)

    const second = await savePluginRecords(
      p,
      { plugin: plugin('2.0.0'), modules: [{ name: 'Board' }, { name: 'New' }] },
      { replaces, files: { 'dist/remoteEntry.js': key('b') } },
    )
    expect(second.plugin.id).toBe(first.plugin.id)
    expect(second.plugin.data).toMatchObject({ version: '2.0.0', enabled: false, trusted: true })
    expect(second.plugin.created_at).toBe(first.plugin.created_at)
    const stored = await pluginModuleKind.list(p, first.plugin.id)
    expect(stored.map((m) => m.data.name).sort()).toEqual(['Board', 'New'])
    const storedBoard = stored.find((m) => m.data.name === 'Board')!
    expect([storedBoard.id, storedBoard.data.enabled]).toEqual([board.id, false])
  })

  it('refuses (409) another plugin’s id in plugin_data.id, writing nothing; an update keeps its own', async () => {
    const p = ports()
    const owner = await savePluginRecords(p, { plugin: { ...plugin('1.0.0'), id: 'notes-id' }, modules: [] })
    const thief = { ...plugin('1.0.0'), plugin_slug: 'Thief', scope: 'Thief' }
    for (const id of [owner.plugin.id, owner.plugin.id.replaceAll('-', ''), 'notes-id', 'Notes']) {
      await expect(
        savePluginRecords(p, { plugin: { ...thief, id }, modules: [] }),
        String(id),
      ).rejects.toMatchObject({ status: 409, detail: expect.stringContaining("plugin 'Notes'") })
    }
    expect((await pluginKind.list(p)).map((r) => r.data.plugin_slug)).toEqual(['Notes'])
    const updated = await savePluginRecords(
      p,
      { plugin: { ...plugin('1.1.0'), id: 'notes-id' }, modules: [] },
      { replaces: owner.plugin },
    )
    expect([updated.plugin.id, updated.plugin.data.version]).toEqual([owner.plugin.id, '1.1.0'])
  })

  it('views answer BrainDrive’s names beside the stored ones; the manifest entry is keyed by slug', async () => {
    const p = ports()
    const { plugin: record, modules } = await savePluginRecords(p, {
      plugin: plugin('1.0.0'),
      modules: [
        { name: 'Low', priority: 1 },
        { name: 'High', priority: 7, config_fields: { a: { type: 'text' } } },
      ],
    })
    const view = pluginView(record, modules)
    expect(view).toMatchObject({
      id: record.id,
      bundle_location: '/dist/remoteEntry.js',
      bundlelocation: '/dist/remoteEntry.js',
      bundleMethod: 'webpack',
      isLocal: false,
      updateAvailable: false,
      bundle_url: `/plugins/${record.id}/1.0.0/dist/remoteEntry.js`,
    })
    const viewModules = view.modules as Array<Record<string, unknown>>
    expect(viewModules.map((m) => m.name)).toEqual(['High', 'Low'])
    expect(viewModules[0]).toMatchObject({
      displayName: 'High',
      configFields: { a: { type: 'text' } },
      pluginId: record.id,
    })
    const entry = manifestEntry(record, modules, { designer: true })
    expect([entry.id, entry.database_id, entry.bundlelocation]).toEqual([
      'Notes',
      record.id,
      'dist/remoteEntry.js',
    ])
    expect((entry.modules as Array<Record<string, unknown>>).map((m) => m.pluginId)).toEqual([
      'Notes',
      'Notes',
    ])
  })
})
