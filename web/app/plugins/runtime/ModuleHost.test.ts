import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HostToFrame, LoadMessage, ResultMessage } from '../../../core/plugins/runtime/frameProtocol'
import { PageEventBus } from '../../../core/plugins/runtime/PageEventBus'
import { ModuleHost } from './ModuleHost'
import { announceSettingChange } from './pluginSettings'
import type { RuntimeModule, RuntimePlugin } from './pluginManifest'

const module: RuntimeModule = {
  id: 'm1',
  name: 'Notes',
  displayName: 'Notes',
  enabled: true,
  props: { title: 'Notes' },
  required_services: { theme: { methods: ['getCurrentTheme', 'toggleTheme'] } },
  sends: undefined,
  receives: undefined,
  configDefaults: { limit: 50 },
}
const plugin: RuntimePlugin = {
  id: 'p1',
  slug: 'QuireNotes',
  name: 'Quire Notes',
  version: '1.0.0',
  scope: 'QuireNotes',
  bundle: 'dist/remoteEntry.js',
  permissions: [],
  enabled: true,
  trusted: true,
  files: ['dist/remoteEntry.js'],
  modules: [module],
}

const hosts: ModuleHost[] = []
afterEach(() => hosts.splice(0).forEach((host) => host.dispose()))

/** A host whose module runs "in the page": the test holds the module's end of the port. */
function inPageHost(
  hosted: RuntimeModule = module,
  more: { plugin?: RuntimePlugin; config?: Record<string, unknown> } = {},
) {
  const themesSet: string[] = []
  const received: HostToFrame[] = []
  const ready: string[] = []
  let port: MessagePort | undefined
  const host = new ModuleHost({
    target: {
      inPage(modulePort) {
        port = modulePort
        modulePort.onmessage = (event) => received.push(event.data as HostToFrame)
      },
    },
    plugin: more.plugin ?? plugin,
    module: hosted,
    instanceId: 'notes',
    config: more.config ?? { limit: 10 },
    files: [{ path: 'dist/remoteEntry.js', bytes: new TextEncoder().encode('var x').buffer as ArrayBuffer }],
    bus: new PageEventBus(),
    theme: () => 'dark',
    setTheme: (theme) => {
      themesSet.push(theme)
      return Promise.resolve()
    },
    pageContext: () => null,
    onReady: () => ready.push('ready'),
    onError: (message) => ready.push(`error: ${message}`),
    onSize: () => undefined,
  })
  hosts.push(host)
  if (!port) throw new Error('the host did not hand over the port')
  return { host, port, received, ready, themesSet }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('ModuleHost in the page (a trusted plugin)', () => {
  it('hands the in-page runtime the same load message a frame gets', async () => {
    const { received } = inPageHost()
    await tick()
    const load = received.find((m): m is LoadMessage => m.kind === 'load')
    expect(load).toMatchObject({
      bundle: 'dist/remoteEntry.js',
      scope: 'QuireNotes',
      moduleName: 'Notes',
      // BrainDrive's props: config values at the top level too, the page's over the defaults.
      props: {
        title: 'Notes',
        limit: 10,
        pluginId: 'QuireNotes',
        moduleId: 'm1',
        instanceId: 'notes',
        config: { limit: 10 },
        mode: 'published',
      },
      declared: { theme: ['getCurrentTheme', 'toggleTheme'] },
      // The module declares the theme service, not the page context: its mirror has the theme only.
      mirror: { theme: 'dark', settings: {} },
    })
    expect(load?.files.map((f) => f.path)).toEqual(['dist/remoteEntry.js'])
    expect(load?.services.theme).toContain('getCurrentTheme')
  })

  it('answers declared calls and refuses undeclared ones, as for a frame', async () => {
    const { port, received, ready, themesSet } = inPageHost()
    port.postMessage({ kind: 'call', id: 1, service: 'theme', method: 'toggleTheme', args: [] })
    port.postMessage({ kind: 'call', id: 2, service: 'api', method: 'get', args: ['/api/collections/'] })
    port.postMessage({ kind: 'ready' })
    await tick()
    const results = received.filter((m): m is ResultMessage => m.kind === 'result')
    expect(results.find((r) => r.id === 1)).toMatchObject({ kind: 'result', id: 1, ok: true })
    expect(themesSet).toEqual(['light'])
    expect(results.find((r) => r.id === 2)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/did not declare api\.get/), status: 403 },
    })
    expect(ready).toEqual(['ready'])
  })

  it('pushes theme changes to a module that declares the theme service, and no page context', async () => {
    const { host, received } = inPageHost()
    host.themeChanged('light')
    host.pageContextChanged({ pageId: 'x', pageName: 'X', pageRoute: '/x', isStudioPage: false })
    await tick()
    const pushes = received.filter((m) => m.kind === 'push')
    expect(pushes).toEqual([{ kind: 'push', topic: 'theme', value: 'light' }])
  })

  it('answers plugin state for the module’s own plugin only', async () => {
    const { port, received } = inPageHost({
      ...module,
      required_services: { pageContext: { methods: ['getPluginState'] } },
    })
    port.postMessage({
      kind: 'call',
      id: 1,
      service: 'pageContext',
      method: 'getPluginState',
      args: ['QuireCollections'],
    })
    port.postMessage({ kind: 'call', id: 2, service: 'pluginState', method: 'getState', args: [] })
    await tick()
    const results = received.filter((m): m is ResultMessage => m.kind === 'result')
    expect(results.find((r) => r.id === 1)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/another plugin is out of reach: QuireNotes/), status: 403 },
    })
    // pluginState is not declared: refused before anything is read.
    expect(results.find((r) => r.id === 2)).toMatchObject({ ok: false, error: { status: 403 } })
  })
})

describe('ModuleHost: a provided service on another port', () => {
  const docs: RuntimeModule = { ...module, required_services: { api: { methods: ['get'] } } }
  const chatWithDocs: RuntimePlugin = { ...plugin, slug: 'ChatWithDocs', permissions: ['api.access'] }
  let asked: string[] = []

  beforeEach(() => {
    asked = []
    vi.stubGlobal('location', { origin: 'http://quire.test' })
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        asked.push(path)
        return Response.json([{ id: 'c1', name: 'Filings' }])
      }),
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  const get = async (port: MessagePort, received: HostToFrame[], id: number, url: string) => {
    port.postMessage({ kind: 'call', id, service: 'api', method: 'get', args: [url] })
    await tick()
    return received.find((m): m is ResultMessage => m.kind === 'result' && m.id === id)
  }

  it('reaches Quire at the port of the module’s apiBaseUrl, as at the default one (Chat With Docs’ config)', async () => {
    const { port, received } = inPageHost(docs, {
      plugin: chatWithDocs,
      config: { apiBaseUrl: 'http://127.0.0.1:9123' },
    })
    await tick()
    const load = received.find((m): m is LoadMessage => m.kind === 'load')
    expect(load?.moved).toEqual([{ service: 'cwyd_service', port: 9123 }])
    expect(load?.props.config).toMatchObject({ apiBaseUrl: 'http://127.0.0.1:9123' })
    expect(await get(port, received, 1, 'http://127.0.0.1:9123/collections/')).toMatchObject({ ok: true })
    expect(await get(port, received, 2, 'http://127.0.0.1:8000/collections/')).toMatchObject({ ok: true })
    expect(asked).toEqual(['/api/collections/', '/api/collections/'])
  })

  it('without that config the port is another origin, refused', async () => {
    const { port, received } = inPageHost(docs, { plugin: chatWithDocs })
    await tick()
    expect(received.find((m): m is LoadMessage => m.kind === 'load')?.moved).toEqual([])
    expect(await get(port, received, 1, 'http://127.0.0.1:9123/collections/')).toMatchObject({ ok: false })
    expect(asked).toEqual([])
  })

  it('follows a port the person moves in a plugin’s settings while the page is open, the old one kept', async () => {
    const { port, received } = inPageHost(docs, { plugin: chatWithDocs })
    await tick()
    expect(await get(port, received, 1, 'http://localhost:18555/collections/')).toMatchObject({ ok: false })

    announceSettingChange('braindrive_rag_service_settings', {
      document_chat: { protocol: 'http', host: 'localhost', port: 18555 },
    })
    await tick()
    // The frame hears it too: its fetch, XMLHttpRequest and EventSource send that port to the host.
    expect(received.filter((m) => m.kind === 'moved')).toEqual([
      { kind: 'moved', moved: [{ service: 'document_chat', port: 18555 }] },
    ])
    expect(await get(port, received, 2, 'http://localhost:18555/collections/')).toMatchObject({ ok: true })

    // Moved again (as JSON text, as the Chat plugin may store it): both ports reach Quire now.
    announceSettingChange(
      'braindrive_rag_service_settings',
      JSON.stringify({ document_chat: { port: 18556 } }),
    )
    // Another host, or an unrelated setting, moves nothing and tells the frame nothing.
    announceSettingChange('braindrive_rag_service_settings', {
      document_chat: { host: 'example.com', port: 1 },
    })
    announceSettingChange('theme_settings', { document_chat: { port: 18557 } })
    await tick()
    expect(received.filter((m) => m.kind === 'moved')).toHaveLength(2)
    expect(await get(port, received, 3, 'http://localhost:18556/collections/')).toMatchObject({ ok: true })
    expect(await get(port, received, 4, 'http://localhost:18555/collections/')).toMatchObject({ ok: true })
    expect(await get(port, received, 5, 'http://localhost:18557/collections/')).toMatchObject({ ok: false })
    expect(asked).toEqual(['/api/collections/', '/api/collections/', '/api/collections/'])
  })
})
