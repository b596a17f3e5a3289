import { afterEach, describe, expect, it } from 'vitest'
import type { HostToFrame, LoadMessage, ResultMessage } from '../../../core/plugins/runtime/frameProtocol'
import { PageEventBus } from '../../../core/plugins/runtime/PageEventBus'
import { ModuleHost } from './ModuleHost'
import type { RuntimeModule, RuntimePlugin } from './pluginManifest'

const module: RuntimeModule = {
  id: 'm1',
  name: 'Notes',
  displayName: 'Notes',
  enabled: true,
  props: { title: 'Notes' },
  required_services: { theme: { methods: ['getCurrentTheme'] } },
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
function inPageHost() {
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
    plugin,
    module,
    instanceId: 'notes',
    config: { limit: 10 },
    files: [{ path: 'dist/remoteEntry.js', bytes: new TextEncoder().encode('var x').buffer as ArrayBuffer }],
    bus: new PageEventBus(),
    theme: () => 'dark',
    pageContext: () => null,
    onReady: () => ready.push('ready'),
    onError: (message) => ready.push(`error: ${message}`),
    onSize: () => undefined,
  })
  hosts.push(host)
  if (!port) throw new Error('the host did not hand over the port')
  return { host, port, received, ready }
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
      props: { title: 'Notes', pluginId: 'QuireNotes', moduleId: 'm1', config: { limit: 10 } },
    })
    expect(load?.files.map((f) => f.path)).toEqual(['dist/remoteEntry.js'])
    expect(load?.services.theme).toContain('getCurrentTheme')
  })

  it('answers declared calls and refuses undeclared ones, as for a frame', async () => {
    const { port, received, ready } = inPageHost()
    port.postMessage({ kind: 'call', id: 1, service: 'theme', method: 'getCurrentTheme', args: [] })
    port.postMessage({ kind: 'call', id: 2, service: 'api', method: 'get', args: ['/api/collections/'] })
    port.postMessage({ kind: 'ready' })
    await tick()
    const results = received.filter((m): m is ResultMessage => m.kind === 'result')
    expect(results.find((r) => r.id === 1)).toEqual({ kind: 'result', id: 1, ok: true, value: 'dark' })
    expect(results.find((r) => r.id === 2)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/did not declare api\.get/), status: 403 },
    })
    expect(ready).toEqual(['ready'])
  })
})
