import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildSamplePlugins,
  readPythonAssignment,
  type SampleCatalog,
  type SampleCatalogEntry,
} from './buildSamplePlugins.mjs'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// One React for the test "host" and for the server renderer, taken from the same module cache.
const require = createRequire(import.meta.url)
const React = require('react') as { version: string; createElement(type: unknown, props?: unknown): unknown }
const { renderToString } = require('react-dom/server') as { renderToString(element: unknown): string }

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)

interface Container {
  init(shareScope: unknown): Promise<unknown> | unknown
  get(module: string): Promise<() => { default?: unknown }>
}

/**
 * Evaluates a plugin's dist/remoteEntry.js in a fresh `vm` context with just enough of a browser for
 * webpack's runtime: `document.currentScript` (publicPath 'auto') and `<script>` elements, whose `src`
 * is served from the archive's dist/ files. Answers the `var <scope>` container and the chunks loaded.
 */
function loadContainer(files: Record<string, Uint8Array>, scope: string) {
  const base = `https://plugins.test/${scope}/1.0.0/dist/`
  const chunks: string[] = []
  const context: Record<string, unknown> = { setTimeout, clearTimeout, console }
  const head = {
    appendChild(script: { src: string; onload?: (e: unknown) => void; onerror?: (e: unknown) => void }) {
      setTimeout(() => {
        const name = script.src.startsWith(base) ? script.src.slice(base.length) : script.src
        const file = files[`dist/${name}`]
        if (!file) return script.onerror?.({ type: 'error', target: script })
        vm.runInContext(text(file), context, { filename: name })
        chunks.push(name)
        script.onload?.({ type: 'load', target: script })
      })
    },
  }
  context.document = {
    currentScript: { src: `${base}remoteEntry.js`, tagName: 'SCRIPT' },
    head,
    getElementsByTagName: () => [],
    createElement: () => {
      const attributes: Record<string, string> = {}
      return {
        setAttribute: (key: string, value: string) => (attributes[key] = value),
        getAttribute: (key: string) => attributes[key],
      }
    },
  }
  context.self = context
  context.window = context
  vm.createContext(context)
  vm.runInContext(text(files['dist/remoteEntry.js']), context, { filename: 'remoteEntry.js' })
  return { container: context[scope] as Container, chunks }
}

/** A share scope holding the host's React 18, as Quire's runtime frame must offer it. `eager: true` with
 *  `get` answering the module factory itself (not a promise of it): a bundle that shares React eagerly,
 *  as BrainDrive's template does, consumes it synchronously and (webpack 5.10x) only from eager entries;
 *  non-eager bundles take either form. */
function hostShareScope() {
  const entry = { get: () => () => React, from: 'quire-host', eager: true, loaded: 1 }
  return { react: { [React.version]: entry } }
}

const fakeServices = {
  api: { get: () => new Promise(() => {}), post: () => new Promise(() => {}) },
  settings: { getSetting: () => new Promise(() => {}) },
  event: { sendMessage() {}, subscribeToMessages() {}, unsubscribeFromMessages() {} },
  theme: { getCurrentTheme: () => 'dark', addThemeChangeListener() {}, removeThemeChangeListener() {} },
  pageContext: { getCurrentPageContext: () => null, onPageContextChange: () => () => {} },
}

async function renderModule(files: Record<string, Uint8Array>, scope: string, module: string, props: object) {
  const { container, chunks } = loadContainer(files, scope)
  await container.init(hostShareScope())
  const factory = await container.get(`./${module}`)
  const exports = factory()
  const html = renderToString(React.createElement(exports.default, { ...props, services: fakeServices }))
  return { html, chunks }
}

describe('buildSamplePlugins', () => {
  let outDir: string
  let catalog: SampleCatalog
  let testCatalog: SampleCatalog
  const archives: Record<string, Record<string, Uint8Array>> = {}

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'quire-samples-test-'))
    const built = await buildSamplePlugins({ outDir })
    expect(built.skipped).toBe(false)
    catalog = JSON.parse(await readFile(path.join(outDir, 'catalog.json'), 'utf8')) as SampleCatalog
    expect(catalog).toEqual(built.catalog)
    testCatalog = JSON.parse(await readFile(path.join(outDir, 'test-catalog.json'), 'utf8')) as SampleCatalog
    expect(testCatalog).toEqual(built.testCatalog)
    for (const entry of [...catalog.plugins, ...testCatalog.plugins]) {
      archives[entry.plugin_slug] = unzipSync(
        new Uint8Array(await readFile(path.join(outDir, entry.download_url))),
      )
    }
  }, scaledTimeout(120_000))

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true })
  })

  const entry = (slug: string): SampleCatalogEntry => {
    const found = [...catalog.plugins, ...testCatalog.plugins].find((plugin) => plugin.plugin_slug === slug)
    if (!found) throw new Error(`${slug} is not in the catalog`)
    return found
  }

  it('lists every sample with the SHA-256 of its archive: the test-only one in the test catalog', async () => {
    expect(catalog.plugins.map((plugin) => plugin.plugin_slug)).toEqual([
      'QuireNotes',
      'QuireCollections',
      'QuireFollower',
      'QuireCompat',
    ])
    // Of no use to a person (it stands in for BrainDrive's AI plugins in Quire's tests): built, never listed.
    expect(testCatalog.plugins.map((plugin) => plugin.plugin_slug)).toEqual(['QuireAiStandIn'])
    expect(entry('QuireAiStandIn').description).toMatch(/Quire's tests/)
    for (const plugin of [...catalog.plugins, ...testCatalog.plugins]) {
      expect(plugin.download_url).toBe(`${plugin.plugin_slug}-${plugin.version}.zip`)
      const bytes = new Uint8Array(await readFile(path.join(outDir, plugin.download_url)))
      expect(plugin.sha256).toBe(sha256(bytes))
      expect(plugin.size).toBe(bytes.byteLength)
      expect(plugin.version).toMatch(/^\d+\.\d+\.\d+$/)
      expect(plugin.permissions.length).toBeGreaterThan(0)
      expect(plugin.tags).toContain('sample')
    }
    expect(entry('QuireNotes')).toMatchObject({
      id: 'quire-notes',
      category: 'productivity',
      permissions: ['storage.read', 'storage.write'],
      manifest: 'plugin.json',
    })
    expect(entry('QuireFollower').manifest).toBe('lifecycle_manager.py')
  })

  it('packs the manifest at the root and the webpack bundle under dist/', async () => {
    for (const plugin of [...catalog.plugins, ...testCatalog.plugins]) {
      const files = archives[plugin.plugin_slug]!
      const names = Object.keys(files)
      expect(names).toContain(plugin.manifest)
      expect(names).toContain('dist/remoteEntry.js')
      expect(names.every((name) => name === plugin.manifest || name.startsWith('dist/'))).toBe(true)
      const source = await readFile(
        path.join(import.meta.dirname, '..', 'plugins', plugin.plugin_slug, plugin.manifest),
      )
      expect(text(files[plugin.manifest])).toBe(source.toString('utf8'))
      // A `var` container named after the scope, as BrainDrive's runtime looks it up on the global.
      const remoteEntry = text(files['dist/remoteEntry.js'])
      expect(remoteEntry).toMatch(new RegExp(`^(/\\*.*?\\*/\\s*)?var ${plugin.plugin_slug};`))
      // Its own chunk-loading global, so two plugins on one page never mix up their chunks.
      expect([...new Set(remoteEntry.match(/webpackChunk\w+/g))]).toEqual([
        `webpackChunk${plugin.plugin_slug}`,
      ])
    }
    expect(Object.keys(archives.QuireNotes!)).not.toContain('lifecycle_manager.py')
    expect(Object.keys(archives.QuireFollower!)).not.toContain('plugin.json')
  })

  it('answers a container with init and get, whose modules render with the host React', async () => {
    const notes = await renderModule(archives.QuireNotes!, 'QuireNotes', 'Notes', {
      pluginId: 'p1',
      moduleId: 'm1',
      config: { title: 'Field notes' },
    })
    expect(notes.html).toContain('Field notes</h2>')
    expect(notes.html).toContain('data-testid="notes-input"')
    expect(notes.html).toContain('Loading notes')
    // The exposed module came in its own chunk, fetched by the container's script loader.
    expect(notes.chunks.length).toBeGreaterThan(0)

    const overview = await renderModule(
      archives.QuireCollections!,
      'QuireCollections',
      'CollectionOverview',
      {},
    )
    expect(overview.html).toContain('Collections</h2>')
    expect(overview.html).toContain('data-testid="collections-list"')

    const follower = await renderModule(archives.QuireFollower!, 'QuireFollower', 'CollectionFollower', {
      title: 'Following',
    })
    expect(follower.html).toContain('Following</h2>')
    expect(follower.html).toContain('No collection chosen yet')

    // The compatibility sample reads BrainDrive's synchronous getters in render: strings, not promises.
    const compat = await renderModule(archives.QuireCompat!, 'QuireCompat', 'CompatPanel', {
      title: 'Services',
      pluginId: 'QuireCompat',
      moduleId: 'm2',
      instanceId: 'compat',
    })
    expect(compat.html).toContain('Services</h2>')
    expect(compat.html).toContain('data-theme="dark"')
    expect(compat.html).toMatch(/Theme: (<!-- -->)?dark/)
    expect(compat.html).toContain('No page')
    expect(compat.html).toMatch(/QuireCompat(<!-- -->)?\/(<!-- -->)?m2(<!-- -->)?\/(<!-- -->)?compat/)
  })

  it('uses the React of the share scope: with none offered, a non-eager module falls back to its own copy', async () => {
    const { container, chunks } = loadContainer(archives.QuireNotes!, 'QuireNotes')
    await container.init({})
    const exports = (await container.get('./Notes'))()
    // Its hooks then run on a React that the host's renderer never set up.
    expect(() => renderToString(React.createElement(exports.default, { services: fakeServices }))).toThrow()
    expect(chunks.length).toBeGreaterThan(1)
  })

  it('bundles React into remoteEntry.js only for the template-style (eager) sample', () => {
    const reactMarker = 'react.forward_ref'
    expect(text(archives.QuireFollower!['dist/remoteEntry.js'])).toContain(reactMarker)
    expect(text(archives.QuireNotes!['dist/remoteEntry.js'])).not.toContain(reactMarker)
  })

  it(
    'skips a second run over the same inputs, and rebuilds the same bytes when forced',
    async () => {
      const started = Date.now()
      const catalogBefore = (await stat(path.join(outDir, 'catalog.json'))).mtimeMs
      const again = await buildSamplePlugins({ outDir })
      expect(again.skipped).toBe(true)
      expect(Date.now() - started).toBeLessThan(scaledTimeout(5_000))
      // Up to date as of now, so a start after an app edit and one build does not build again.
      expect((await stat(path.join(outDir, 'catalog.json'))).mtimeMs).toBeGreaterThan(catalogBefore)

      const stampBefore = await readFile(path.join(outDir, '.stamp'), 'utf8')
      const forced = await buildSamplePlugins({ outDir, force: true })
      expect(forced.skipped).toBe(false)
      expect(forced.catalog.plugins.map((plugin) => plugin.sha256)).toEqual(
        catalog.plugins.map((p) => p.sha256),
      )
      expect(await readFile(path.join(outDir, '.stamp'), 'utf8')).toBe(stampBefore)
    },
    scaledTimeout(120_000),
  )

  it(
    'rebuilds when the stamp or an archive does not match',
    async () => {
      const { writeFile } = await import('node:fs/promises')
      await writeFile(path.join(outDir, '.stamp'), 'stale\n')
      const rebuilt = await buildSamplePlugins({ outDir })
      expect(rebuilt.skipped).toBe(false)
      const archive = path.join(outDir, entry('QuireNotes').download_url)
      await writeFile(archive, 'tampered')
      const repaired = await buildSamplePlugins({ outDir })
      expect(repaired.skipped).toBe(false)
      expect((await stat(archive)).size).toBe(entry('QuireNotes').size)
    },
    scaledTimeout(120_000),
  )
})

describe('readPythonAssignment', () => {
  it('reads the literals of the QuireFollower lifecycle manager', async () => {
    const source = await readFile(
      path.join(import.meta.dirname, '..', 'plugins/QuireFollower/lifecycle_manager.py'),
      'utf8',
    )
    const plugin = readPythonAssignment(source, 'plugin_data') as Record<string, unknown>
    const modules = readPythonAssignment(source, 'module_data') as Array<Record<string, unknown>>
    expect(plugin).toMatchObject({
      plugin_slug: 'QuireFollower',
      scope: 'QuireFollower',
      official: true,
      is_local: false,
      source_url: null,
      permissions: ['api.access'],
    })
    expect(modules.map((module) => module.name)).toEqual(['CollectionFollower'])
    expect(modules[0]!.layout).toEqual({ minWidth: 3, minHeight: 3, defaultWidth: 4, defaultHeight: 4 })
  })

  it('reads Python spellings: quotes, escapes, joined strings, tuples, comments, trailing commas', () => {
    const source = `x = 1\nself.data = {'a': "it's", "b": ('t', -2.5e1,), 'c': 'x\\ny' 'z',  # note\n 'd': [None, True, False,],}\n`
    expect(readPythonAssignment(source, 'data')).toEqual({
      a: "it's",
      b: ['t', -25],
      c: 'x\nyz',
      d: [null, true, false],
    })
  })

  it('refuses what is not a literal', () => {
    expect(() => readPythonAssignment('plugin_data = {"name": NAME}', 'plugin_data')).toThrow(
      /line 1: expected a literal/,
    )
    expect(() => readPythonAssignment('plugin_data = {"v": f"{x}"}', 'plugin_data')).toThrow(
      /expected a literal/,
    )
    expect(() => readPythonAssignment('plugin_data = {"v": 1', 'plugin_data')).toThrow(/expected ',' or '}'/)
    expect(() => readPythonAssignment('plugin_data = dict(a=1)', 'plugin_data')).toThrow(
      /no literal assignment/,
    )
  })
})
