import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { DexieFileStore } from '../store/DexieFileStore'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import type { ApiError } from '../../core/kernel/ApiError'
import { monotonicClock } from '../../core/kernel/time/Clock'
import {
  PLUGIN_FILE_CACHE,
  PLUGIN_FILE_CSP,
  pluginFile,
  pluginFileHeaders,
  pluginFileType,
} from '../../core/api/platform/plugins/pluginFile'
import { deleteUnusedFiles } from '../../core/plugins/pluginFiles'
import { savePluginRecords } from '../../core/api/platform/plugins/savePluginRecords'

async function installed() {
  const db = new QuireDatabase(`plugin-files-${crypto.randomUUID()}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  })
  const p = {
    store: new DexieStore(db),
    files: new DexieFileStore(db),
    clock: monotonicClock(),
    newId: () => crypto.randomUUID(),
    currentUserId: async () => 'me',
  }
  const entry = await p.files.put(new TextEncoder().encode('var Notes = {}'))
  const css = await p.files.put(new TextEncoder().encode('.a{}'))
  const { plugin } = await savePluginRecords(
    p,
    {
      plugin: {
        plugin_slug: 'Notes',
        version: '1.0.0',
        scope: 'Notes',
        bundle_location: 'dist/remoteEntry.js',
      },
      modules: [],
    },
    { files: { 'dist/remoteEntry.js': entry, 'dist/css/a.css': css } },
  )
  return { p, plugin, entry, css }
}

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise
    return 200
  } catch (error) {
    return (error as ApiError).status
  }
}

describe('pluginFile', () => {
  it('serves a listed file of the installed version, by id (either form) or slug, privately immutable, sandboxed, with its type', async () => {
    const { p, plugin } = await installed()
    for (const id of [plugin.id, plugin.id.replaceAll('-', ''), 'Notes']) {
      const result = await pluginFile(p, id, '1.0.0', 'dist/remoteEntry.js')
      expect(result.headers).toMatchObject({
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': PLUGIN_FILE_CACHE,
        'Content-Security-Policy': PLUGIN_FILE_CSP,
        'X-Content-Type-Options': 'nosniff',
      })
      expect(result.headers?.['Content-Disposition']).toBeUndefined()
      expect(await new Response(result.stream).text()).toBe('var Notes = {}')
    }
    const css = await pluginFile(p, plugin.id, '1.0.0', 'dist/css/a.css')
    expect(css.headers?.['Content-Type']).toBe('text/css; charset=utf-8')
  })

  it('answers 404 for anything else and refuses `..`', async () => {
    const { p, plugin } = await installed()
    for (const [version, path] of [
      ['1.0.1', 'dist/remoteEntry.js'],
      ['1.0.0', 'dist'],
      ['1.0.0', 'dist/'],
      ['1.0.0', ''],
      ['1.0.0', 'dist/other.js'],
      ['1.0.0', 'constructor'],
      ['1.0.0', '__proto__'],
    ] as const) {
      expect(await status(pluginFile(p, plugin.id, version, path)), `${version} ${path}`).toBe(404)
    }
    expect(await status(pluginFile(p, 'Other', '1.0.0', 'dist/remoteEntry.js'))).toBe(404)
    for (const path of [
      '../secret',
      'dist/../dist/remoteEntry.js',
      './dist/remoteEntry.js',
      'dist\\remoteEntry.js',
    ])
      expect(await status(pluginFile(p, plugin.id, '1.0.0', path)), path).toBe(400)
  })

  it('serves what a frame needs inline, and anything a browser would render as a page as an attachment', () => {
    for (const path of ['a.js', 'a.css', 'a.json', 'a.png', 'a.woff2', 'a.wasm']) {
      const headers = pluginFileHeaders(path, 1)
      expect(headers['Content-Disposition'], path).toBeUndefined()
      expect(headers['Content-Security-Policy'], path).toBe("sandbox; default-src 'none'")
    }
    for (const path of ['x.html', 'X.HTM', 'x.svg', 'x.xml', 'x.xhtml', 'x.txt', 'README', 'a b".html']) {
      const headers = pluginFileHeaders(path, 1)
      expect(headers['Content-Disposition'], path).toMatch(
        /^attachment; filename="[^"]+"; filename\*=UTF-8''/,
      )
      expect(headers, path).toMatchObject({
        'Content-Security-Policy': "sandbox; default-src 'none'",
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, max-age=31536000, immutable',
        Vary: 'Authorization, Cookie',
      })
    }
  })

  it('names the media types of bundle files', () => {
    expect(
      ['a.js', 'a.mjs', 'a.json', 'a.js.map', 'a.png', 'a.svg', 'a.woff2', 'a.WASM', 'README', 'x.y/z'].map(
        pluginFileType,
      ),
    ).toEqual([
      'text/javascript; charset=utf-8',
      'text/javascript; charset=utf-8',
      'application/json; charset=utf-8',
      'application/json; charset=utf-8',
      'image/png',
      'image/svg+xml',
      'font/woff2',
      'application/wasm',
      'application/octet-stream',
      'application/octet-stream',
    ])
  })

  it('deleteUnusedFiles keeps a file another plugin still lists', async () => {
    const { p, entry, css } = await installed()
    await savePluginRecords(
      p,
      {
        plugin: { plugin_slug: 'Other', version: '1.0.0', scope: 'Other', bundle_location: 'x.css' },
        modules: [],
      },
      { files: { 'x.css': css } },
    )
    // Notes is still installed in `p`: neither file goes.
    expect(await deleteUnusedFiles(p, [entry, css])).toEqual([])
    await p.store.records.writeRecords([
      { delete: { kind: 'plugin', id: (await p.store.records.listRecords('plugin'))[0]!.id } },
    ])
    expect(await deleteUnusedFiles(p, [entry, css])).toEqual([entry])
  })
})
