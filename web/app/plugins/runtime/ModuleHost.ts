import type { Accessor } from 'solid-js'
import { serviceCallRefusal } from '../../../core/plugins/runtime/checkServiceCall'
import {
  readFrameMessage,
  stubbedMethods,
  type FrameFile,
  type HostToFrame,
  type LoadMessage,
  type PageContext,
  type ThemeName,
} from '../../../core/plugins/runtime/frameProtocol'
import { messageTypes, type PageEventBus } from '../../../core/plugins/runtime/PageEventBus'
import type { RuntimeModule, RuntimePlugin } from './pluginManifest'
import { runApiCall, ServiceError } from './runApiPlan'
import { requestJson } from '../../api/requestJson'

/** How long a module may take from its files arriving to its first render. */
export const READY_TIMEOUT_MS = 10_000

/**
 * Where the module runs: its sandboxed frame (the host posts the frame's runtime and the port to it), or,
 * for a trusted plugin, Quire's own page (`inPage` gets the port and runs the module itself). Either
 * way the module's services are the same calls over the same port, checked the same way.
 */
export type ModuleTarget =
  { frame: HTMLIFrameElement; runtimeSource: string } | { inPage(port: MessagePort): void }

export interface ModuleHostOptions {
  target: ModuleTarget
  plugin: RuntimePlugin
  module: RuntimeModule
  /** The module's place on the page (layout item `i`). */
  instanceId: string
  config: Record<string, unknown>
  files: FrameFile[]
  bus: PageEventBus
  theme: Accessor<ThemeName>
  pageContext: Accessor<PageContext | null>
  onReady(): void
  onError(message: string): void
  onSize(height: number): void
}

/**
 * Quire's end of one module frame: hands the frame its runtime and files, answers its service calls
 * (each checked against the module's `required_services`, the api service also against the plugin's
 * permissions), pushes theme and page-context changes and event messages it subscribed to, and gives
 * up on a module that does not render within READY_TIMEOUT_MS.
 *
 * A trusted plugin's module runs in Quire's page, but its services are answered here all the same, with
 * the same checks: the module behaves as it does in its frame, and what its manifest declares still
 * decides what the services object does. Those checks no longer protect anything then (code in the
 * page can call fetch or open IndexedDB itself), which is what the trust warning says.
 */
export class ModuleHost {
  private readonly port: MessagePort
  private readonly leaveBus: () => void
  private timer: ReturnType<typeof setTimeout> | undefined
  private listensToTheme = false
  private listensToPage = false
  private settled = false
  private disposed = false

  constructor(private readonly options: ModuleHostOptions) {
    const channel = new MessageChannel()
    this.port = channel.port1
    this.port.onmessage = (event) => this.receive(event.data)
    this.leaveBus = options.bus.join({
      instanceId: options.instanceId,
      sends: messageTypes(options.module.sends),
      receives: messageTypes(options.module.receives),
      deliver: (channelName, message) =>
        this.post({ kind: 'push', topic: 'message', channel: channelName, message }),
    })
    if ('frame' in options.target) {
      const frameWindow = options.target.frame.contentWindow
      if (!frameWindow) throw new Error('The module frame is not in the page')
      // The frame has an opaque origin, so '*' is the only target origin that reaches it; what it gets
      // is the runtime (public code) and the port, nothing of the person's.
      frameWindow.postMessage({ quireFrame: 'runtime', source: options.target.runtimeSource }, '*', [
        channel.port2,
      ])
    } else {
      options.target.inPage(channel.port2)
    }
    const { plugin, module } = options
    const load: LoadMessage = {
      kind: 'load',
      files: options.files,
      bundle: plugin.bundle,
      scope: plugin.scope,
      moduleName: module.name,
      props: {
        ...module.props,
        pluginId: plugin.slug,
        moduleId: module.id,
        config: { ...module.configDefaults, ...options.config },
      },
      services: stubbedMethods(module.required_services),
    }
    this.post(load)
    this.timer = setTimeout(
      () => this.fail(`${module.displayName} did not start within ${READY_TIMEOUT_MS / 1000} s`),
      READY_TIMEOUT_MS,
    )
  }

  /** Theme or page context changed in the app: tell the module if it listens. */
  themeChanged(theme: ThemeName): void {
    if (this.listensToTheme) this.post({ kind: 'push', topic: 'theme', value: theme })
  }

  pageContextChanged(context: PageContext | null): void {
    if (this.listensToPage) this.post({ kind: 'push', topic: 'pageContext', value: context })
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    clearTimeout(this.timer)
    this.leaveBus()
    this.port.onmessage = null
    this.port.close()
  }

  private post(message: HostToFrame): void {
    if (!this.disposed) this.port.postMessage(message)
  }

  private fail(message: string): void {
    if (this.settled && this.disposed) return
    this.settled = true
    this.dispose()
    this.options.onError(message)
  }

  private receive(data: unknown): void {
    const message = readFrameMessage(data)
    if (!message || this.disposed) return
    switch (message.kind) {
      case 'ready':
        if (!this.settled) {
          this.settled = true
          clearTimeout(this.timer)
          this.options.onReady()
        }
        return
      case 'error':
        this.fail(message.message)
        return
      case 'size':
        this.options.onSize(message.height)
        return
      case 'call':
        this.answer(message.id, message.service, message.method, message.args)
    }
  }

  private answer(id: number, service: string, method: string, args: unknown[]): void {
    const refusal = serviceCallRefusal(this.options.module, service, method)
    const result = refusal
      ? Promise.reject(new ServiceError(refusal, 403))
      : Promise.resolve().then(() => this.perform(service, method, args))
    result.then(
      (value) => {
        try {
          this.post({ kind: 'result', id, ok: true, value })
        } catch {
          this.post({ kind: 'result', id, ok: false, error: { message: 'The answer could not be sent' } })
        }
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : 'The call failed'
        const status = error instanceof ServiceError ? error.status : undefined
        this.post({
          kind: 'result',
          id,
          ok: false,
          error: status === undefined ? { message } : { message, status },
        })
      },
    )
  }

  private async perform(service: string, method: string, args: unknown[]): Promise<unknown> {
    const { plugin, bus, instanceId } = this.options
    switch (`${service}.${method}`) {
      case 'api.get':
      case 'api.post':
      case 'api.put':
      case 'api.patch':
      case 'api.delete':
        return runApiCall({ id: plugin.id, slug: plugin.slug, permissions: plugin.permissions }, method, args)
      case 'settings.getSetting': {
        const id = typeof args[0] === 'string' ? args[0] : ''
        if (!id) throw new ServiceError('getSetting needs a setting definition id', 400)
        const query = new URLSearchParams({ definition_id: id, scope: 'user' })
        const instances = await requestJson<unknown>(`/api/v1/settings/instances?${query}`)
        const first: unknown = Array.isArray(instances) ? instances[0] : undefined
        return typeof first === 'object' && first !== null && 'value' in first ? first.value : null
      }
      case 'settings.setSetting': {
        const id = typeof args[0] === 'string' ? args[0] : ''
        if (!id) throw new ServiceError('setSetting needs a setting definition id', 400)
        return requestJson('/api/v1/settings/instances', {
          method: 'POST',
          body: { definition_id: id, name: id, value: args[1], scope: 'user', user_id: 'current' },
        })
      }
      case 'settings.getSettingDefinitions':
        return requestJson('/api/v1/settings/definitions')
      case 'theme.getCurrentTheme':
        return this.options.theme()
      case 'theme.addThemeChangeListener':
        this.listensToTheme = true
        return null
      case 'theme.removeThemeChangeListener':
        return null
      case 'pageContext.getCurrentPageContext':
        return this.options.pageContext()
      case 'pageContext.onPageContextChange':
        this.listensToPage = true
        return null
      case 'event.sendMessage':
        try {
          bus.send(instanceId, args[0], args[1])
        } catch (error) {
          throw new ServiceError(error instanceof Error ? error.message : 'The message was refused', 403)
        }
        return null
      case 'event.subscribeToMessages':
      case 'event.unsubscribeFromMessages': {
        const channel = args[0]
        if (typeof channel !== 'string' || channel === '' || channel.length > 200) {
          throw new ServiceError(`${method} needs a channel name`, 400)
        }
        if (method === 'subscribeToMessages') bus.subscribe(instanceId, channel)
        else bus.unsubscribe(instanceId, channel)
        return null
      }
      default:
        throw new ServiceError(`Quire's ${service} service has no method ${method}`, 501)
    }
  }
}
