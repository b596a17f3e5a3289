import { describe, expect, it } from 'vitest'
import { pluginKind } from '../../core/records/kinds/pluginKind'
import { pluginModuleKind } from '../../core/records/kinds/pluginModuleKind'
import { savePluginRecords } from '../../core/api/platform/plugins/savePluginRecords'
import { monotonicClock } from '../../core/kernel/time/Clock'
import { world } from './syncWorld'
import { blobKeysOf } from '../../core/sync/appData/blobKeysOf'

type Device = ReturnType<ReturnType<typeof world>['device']>

const text = (s: string) => new TextEncoder().encode(s)

/** Installs a plugin on `device` as the installer does: its files in the FileStore, then the records. */
async function install(device: Device, version: string, entry: string) {
  const files = {
    'dist/remoteEntry.js': await device.files.put(text(entry)),
    'dist/shared.css': await device.files.put(text('.shared { color: red }')),
  }
  const ports = {
    store: device.store,
    clock: monotonicClock(),
    newId: () => crypto.randomUUID(),
    currentUserId: async () => 'user-on-device',
  }
  const replaces = (await pluginKind.list(ports))[0]
  return savePluginRecords(
    ports,
    {
      plugin: {
        plugin_slug: 'NotesPlugin',
        name: 'Notes',
        version,
        scope: 'NotesPlugin',
        bundle_location: 'dist/remoteEntry.js',
      },
      modules: [{ name: 'Notes', display_name: 'Notes' }],
    },
    { files, install_source: { method: 'upload' }, ...(replaces ? { replaces } : {}) },
  )
}

describe('a plugin syncs with its files', () => {
  it('names its package files as blobs to upload first', async () => {
    const { device } = world()
    const laptop = device('laptop')
    const { plugin } = await install(laptop, '1.0.0', 'var NotesPlugin = 1')
    const change = (await laptop.replica.outbox()).find((m) => m.change.kind === 'record:plugin')!.change
    expect(blobKeysOf(change).sort()).toEqual(Object.values(plugin.data.files as object).sort())
  })

  it('installed on one device, it is on the other with its files; an update replaces them; uninstalling removes them', async () => {
    const { device } = world()
    const laptop = device('laptop')
    const phone = device('phone')
    const { plugin, modules } = await install(laptop, '1.0.0', 'var NotesPlugin = 1')
    await laptop.client.sync()
    await phone.client.sync()

    const arrived = await pluginKind.find({ store: phone.plain }, plugin.id)
    expect(arrived?.data).toMatchObject({
      plugin_slug: 'NotesPlugin',
      version: '1.0.0',
      user_id: 'user-on-phone',
    })
    expect((await pluginModuleKind.list({ store: phone.plain }, plugin.id)).map((m) => m.id)).toEqual(
      modules.map((m) => m.id),
    )
    const entryKey = (plugin.data.files as Record<string, string>)['dist/remoteEntry.js']!
    expect(new TextDecoder().decode(await phone.files.get(entryKey))).toBe('var NotesPlugin = 1')
    expect(phone.errors).toEqual([])

    const updated = await install(laptop, '1.1.0', 'var NotesPlugin = 2')
    await laptop.client.sync()
    await phone.client.sync()
    const newKey = (updated.plugin.data.files as Record<string, string>)['dist/remoteEntry.js']!
    expect(new TextDecoder().decode(await phone.files.get(newKey))).toBe('var NotesPlugin = 2')
    expect(await phone.files.get(entryKey), 'the old version’s bundle is gone').toBeUndefined()
    const cssKey = (updated.plugin.data.files as Record<string, string>)['dist/shared.css']!
    expect(await phone.files.get(cssKey), 'a file both versions have stays').toBeDefined()

    await laptop.store.records.writeRecords([
      ...modules.map((m) => ({ delete: { kind: pluginModuleKind.kind, id: m.id } })),
      { delete: { kind: pluginKind.kind, id: plugin.id } },
    ])
    await laptop.client.sync()
    await phone.client.sync()
    expect(await pluginKind.find({ store: phone.plain }, plugin.id)).toBeUndefined()
    expect(await phone.files.get(newKey)).toBeUndefined()
    expect(await phone.files.get(cssKey)).toBeUndefined()
  })

  it('a plugin whose files are on no host is skipped, not half-installed', async () => {
    const { device } = world()
    const laptop = device('laptop')
    const phone = device('phone')
    const { plugin } = await install(laptop, '1.0.0', 'var NotesPlugin = 1')
    // The laptop lost a file before pushing (so the server never had it).
    await laptop.files.delete((plugin.data.files as Record<string, string>)['dist/shared.css']!)
    await laptop.client.sync()
    await phone.client.sync()
    expect(await pluginKind.find({ store: phone.plain }, plugin.id)).toBeUndefined()
    expect(String(phone.errors[0])).toContain('is on no host any more')
  })
})
