import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { gzipSync, strToU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import { ApiError } from '../../core/kernel/ApiError'
import { sha256Hex, type FileStore } from '../../core/store/FileStore'
import {
  crc32PrefixThenZeros,
  deflatePrefixThenZeros,
  gzipAround,
  tar,
} from '../../core/plugins/package/testArchives'
import { installPlugin, type InstallPorts } from '../../core/api/platform/plugins/installPlugin'
import {
  declaredRuntimeServices,
  tarGzOf,
  testManifest,
  testPluginFiles,
  testPluginZip,
  zipOf,
} from '../../core/api/platform/plugins/installTestPackages'
import { pluginKind } from '../../core/records/kinds/pluginKind'
import { pluginModuleKind } from '../../core/records/kinds/pluginModuleKind'
import { pluginView } from '../../core/api/platform/plugins/pluginViews'
import { overridePort } from '../../core/store/overridePort'

/** A FileStore over a Map, so a test can see every file stored. */
function memoryFiles(): FileStore & { keys(): string[] } {
  const map = new Map<string, Uint8Array>()
  return {
    async put(bytes) {
      const key = await sha256Hex(bytes)
      map.set(key, bytes)
      return key
    },
    get: async (key) => map.get(key),
    delete: async (key) => map.delete(key),
    keys: () => [...map.keys()],
  }
}

let databases = 0
function ports(): InstallPorts & { files: ReturnType<typeof memoryFiles> } {
  let id = 0
  let now = Date.parse('2025-01-01T00:00:00Z')
  return {
    store: new DexieStore(
      new QuireDatabase(`install-plugin-${++databases}`, { indexedDB: new IDBFactory(), IDBKeyRange }),
    ),
    files: memoryFiles(),
    clock: { now: () => now++ },
    newId: () => `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
    currentUserId: async () => 'user-1',
  }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

/** Nothing of a plugin anywhere: no plugin or module record, and no file beyond `keep`. */
async function expectNothingInstalled(p: ReturnType<typeof ports>, keep: string[] = []) {
  expect(await pluginKind.list(p)).toEqual([])
  expect(await p.store.records.listRecords(pluginModuleKind.kind)).toEqual([])
  expect(p.files.keys().sort()).toEqual([...keep].sort())
}

const upload = { method: 'upload' } as const

describe('installPlugin', () => {
  it('installs a .zip: the plugin and its modules, every file stored under its SHA-256, warnings kept', async () => {
    const p = ports()
    const result = await installPlugin(p, testPluginZip(), upload)
    expect(result.plugin.data).toMatchObject({
      plugin_slug: 'QuireTestPlugin',
      version: '1.0.0',
      enabled: true,
      trusted: false,
      status: 'installed',
      install_source: { method: 'upload' },
    })
    const files = result.plugin.data.files as Record<string, string>
    expect(Object.keys(files).sort()).toEqual(['dist/remoteEntry.js', 'dist/shared.js', 'plugin.json'])
    expect(files['dist/remoteEntry.js']).toBe(
      await sha256Hex(strToU8(testPluginFiles()['dist/remoteEntry.js']!)),
    )
    expect(p.files.keys().sort()).toEqual(Object.values(files).sort())
    expect(result.modules.map((m) => m.data.name)).toEqual(['Greeting'])
    expect(await pluginModuleKind.list(p, result.plugin.id)).toHaveLength(1)
    expect(Array.isArray(result.warnings)).toBe(true)
  })

  it('marks the runtime services Quire provides at install; others kept as declared, not started', async () => {
    const p = ports()
    const manifest = {
      ...testManifest({ plugin: { required_services_runtime: [{ name: 'planted', provided: true }] } }),
      required_services_runtime: declaredRuntimeServices,
    }
    const files = { ...testPluginFiles(), 'plugin.json': JSON.stringify(manifest) }
    const result = await installPlugin(p, zipOf(files), upload)
    const view = pluginView(result.plugin, result.modules)
    // plugin_data cannot plant its own list: the record keeps what the package declares, as read.
    expect(view.requiredServicesRuntime).toEqual(view.required_services_runtime)
    expect(
      (view.requiredServicesRuntime as Array<Record<string, unknown>>).map((s) => [
        s.name,
        s.provided,
        s.label,
        s.health_path,
      ]),
    ).toEqual([
      ['cwyd_service', true, 'Document chat (provided by Quire)', '/api/health'],
      [
        'vector_db',
        false,
        'vector_db (not started: Quire does not run plugin services)',
        'http://localhost:6333/health',
      ],
    ])
  })

  it('installs a .tar.gz with one top folder (a GitHub source archive)', async () => {
    const p = ports()
    const result = await installPlugin(p, tarGzOf(testPluginFiles({ slug: 'TarPlugin' })), upload)
    expect(result.plugin.data.plugin_slug).toBe('TarPlugin')
    expect(Object.keys(result.plugin.data.files as object)).toContain('dist/remoteEntry.js')
  })

  it('refuses the slug reserved for Quire’s own modules (any case) with 422 naming plugin_slug, storing nothing', async () => {
    for (const slug of ['quire', 'Quire']) {
      const p = ports()
      const error = await failure(installPlugin(p, testPluginZip({ slug }), upload))
      expect(error.status).toBe(422)
      expect(error.detail).toEqual([
        expect.objectContaining({
          loc: ['body', 'plugin_data', 'plugin_slug'],
          msg: expect.stringContaining('reserved'),
        }),
      ])
      await expectNothingInstalled(p)
    }
    // A slug merely containing it is anyone's.
    const p = ports()
    expect(
      (await installPlugin(p, testPluginZip({ slug: 'QuireExtras' }), upload)).plugin.data.plugin_slug,
    ).toBe('QuireExtras')
  })

  it('refuses a taken slug with 409, keeping the installed plugin as it was', async () => {
    const p = ports()
    const first = await installPlugin(p, testPluginZip(), upload)
    const error = await failure(installPlugin(p, testPluginZip({ version: '2.0.0' }), upload))
    expect(error.status).toBe(409)
    expect(String(error.detail)).toMatch(/QuireTestPlugin' is already installed/)
    expect((await pluginKind.list(p)).map((r) => r.data.version)).toEqual(['1.0.0'])
    // The 2.0.0 bundle's bytes were never stored, or were removed again.
    expect(p.files.keys().sort()).toEqual(Object.values(first.plugin.data.files as object).sort())
  })

  const bad: Array<[string, () => Uint8Array, number, RegExp]> = [
    ['an entry with ..', () => zipOf({ ...testPluginFiles(), '../evil.js': 'x' }), 400, /\.\./],
    [
      'a symlink',
      () =>
        gzipSync(
          tar([
            ...Object.entries(testPluginFiles()).map(([name, data]) => ({ name, data })),
            { name: 'dist/link.js', type: '2', linkName: '/etc/passwd' },
          ]),
        ),
      400,
      /link/i,
    ],
    [
      'a compression bomb',
      () => {
        const prefix = tar([{ name: 'plugin.json', data: '{}', size: 300 * 1024 * 1024 }]).subarray(0, 512)
        const zeros = 300 * 1024 * 1024
        return gzipAround(
          deflatePrefixThenZeros(prefix, zeros),
          crc32PrefixThenZeros(prefix, zeros),
          512 + zeros,
        )
      },
      400,
      /ratio|large|limit/i,
    ],
    ['no manifest', () => zipOf({ 'dist/remoteEntry.js': 'var x' }), 422, /plugin\.json|lifecycle_manager/],
    [
      'a malformed plugin.json',
      () => zipOf({ ...testPluginFiles(), 'plugin.json': '{"plugin_data": ' }),
      422,
      /JSON/,
    ],
    [
      'a lifecycle_manager.py whose values are not literals',
      () =>
        zipOf({
          'lifecycle_manager.py': 'plugin_data = make_plugin_data()\nmodule_data = []\n',
          'dist/remoteEntry.js': 'var x',
        }),
      422,
      /literal|plugin_data/i,
    ],
    ['a version that is not semantic', () => testPluginZip({ version: '1.0' }), 422, /semantic/],
    [
      'a missing remoteEntry.js',
      () => {
        const files = testPluginFiles()
        delete files['dist/remoteEntry.js']
        return zipOf(files)
      },
      422,
      /bundle|remoteEntry/,
    ],
    ['bytes that are no archive', () => strToU8('just text, not an archive'), 400, /archive/i],
  ]
  for (const [name, archive, status, detail] of bad) {
    it(`refuses ${name} with ${status} and leaves nothing installed`, async () => {
      const p = ports()
      const error = await failure(installPlugin(p, archive(), upload))
      expect(error.status).toBe(status)
      expect(JSON.stringify(error.detail)).toMatch(detail)
      await expectNothingInstalled(p)
    })
  }

  it('removes the files it stored when saving the records fails, but not a file something else had', async () => {
    const p = ports()
    const shared = await p.files.put(strToU8(testPluginFiles()['dist/shared.js']!))
    const failing = {
      ...p,
      store: overridePort(p.store, {
        records: overridePort(p.store.records, {
          writeRecords: async () => Promise.reject(new Error('disk full')),
        }),
      }),
    }
    await expect(installPlugin(failing, testPluginZip(), upload)).rejects.toThrow('disk full')
    await expectNothingInstalled(p, [shared])
  })

  it('updates over the installed version: same id, enabled state, trust and module choices; old files go after', async () => {
    const p = ports()
    const first = await installPlugin(p, testPluginZip(), { method: 'url', url: 'https://example.com/p.zip' })
    const [module] = first.modules
    await pluginKind.put(p, pluginKind.patch(p, first.plugin, { enabled: false, trusted: true }))
    await pluginModuleKind.put(p, pluginModuleKind.patch(p, module!, { enabled: false }))
    const installed = (await pluginKind.find(p, first.plugin.id))!
    const oldBundle = (first.plugin.data.files as Record<string, string>)['dist/remoteEntry.js']!

    const result = await installPlugin(
      p,
      testPluginZip({ version: '1.1.0' }),
      installed.data.install_source as never,
      {
        replaces: installed,
        onlyNewer: true,
      },
    )
    expect(result.unchanged).toBeUndefined()
    expect(result.plugin.id).toBe(first.plugin.id)
    expect(result.plugin.data).toMatchObject({ version: '1.1.0', enabled: false, trusted: true })
    expect(result.modules[0]).toMatchObject({ id: module!.id, data: { enabled: false } })
    const newBundle = (result.plugin.data.files as Record<string, string>)['dist/remoteEntry.js']!
    expect(newBundle).not.toBe(oldBundle)
    expect(p.files.keys()).toContain(newBundle)
    expect(p.files.keys()).not.toContain(oldBundle)
    // plugin.json changed too; dist/shared.js is the same bytes in both versions and stays.
    expect(p.files.keys().sort()).toEqual(Object.values(result.plugin.data.files as object).sort())
    expect(await pluginKind.list(p)).toHaveLength(1)
  })

  it('leaves the plugin as it is when an update is not newer, and refuses a package of another slug', async () => {
    const p = ports()
    const first = await installPlugin(p, testPluginZip({ version: '1.2.0' }), upload)
    const same = await installPlugin(p, testPluginZip({ version: '1.1.0' }), upload, {
      replaces: first.plugin,
      onlyNewer: true,
    })
    expect(same.unchanged).toBe(true)
    expect((await pluginKind.find(p, first.plugin.id))?.data.version).toBe('1.2.0')
    const other = await failure(
      installPlugin(p, testPluginZip({ slug: 'Other', version: '9.0.0' }), upload, {
        replaces: first.plugin,
      }),
    )
    expect(other.status).toBe(422)
    expect(p.files.keys().sort()).toEqual(Object.values(first.plugin.data.files as object).sort())
  })

  it('keeps the manifest’s validation 422 naming every field at once', async () => {
    const p = ports()
    const manifest = testManifest({ plugin: { version: 'one', scope: 'not an identifier' } })
    const error = await failure(
      installPlugin(
        p,
        zipOf({ 'plugin.json': JSON.stringify(manifest), 'dist/remoteEntry.js': 'x' }),
        upload,
      ),
    )
    expect(error.status).toBe(422)
    const fields = (error.detail as Array<{ loc: unknown[] }>).map((issue) => issue.loc.join('.'))
    expect(fields).toEqual(expect.arrayContaining(['body.plugin_data.version', 'body.plugin_data.scope']))
    await expectNothingInstalled(p)
  })
})

describe('installPlugin progress and cancel', () => {
  it('reports its stages in order, storing by files', async () => {
    const p = ports()
    const seen: Array<[string, number]> = []
    await installPlugin(
      p,
      testPluginZip(),
      { method: 'upload' },
      {
        onProgress: (stage, percent) => seen.push([stage, Math.round(percent)]),
      },
    )
    expect(seen).toEqual([
      ['unpacking', 0],
      ['unpacking', 100],
      ['validating', 0],
      ['validating', 100],
      ['storing', 0],
      ['storing', 33],
      ['storing', 67],
      ['storing', 100],
      ['saving', 0],
      ['saving', 100],
    ])
  })

  it('stops when its signal aborts while storing, leaving nothing behind', async () => {
    const p = ports()
    const controller = new AbortController()
    const reason = new Error('cancelled')
    const error = await installPlugin(
      p,
      testPluginZip(),
      { method: 'upload' },
      {
        signal: controller.signal,
        onProgress: (stage, percent) => {
          if (stage === 'storing' && percent > 0) controller.abort(reason)
        },
      },
    ).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBe(reason)
    await expectNothingInstalled(p)
  })
})
