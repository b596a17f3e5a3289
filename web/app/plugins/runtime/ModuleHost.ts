import type { Accessor } from 'solid-js'
import { serviceCallRefusal } from '../../../core/plugins/runtime/checkServiceCall'
import {
  declaredMethods,
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
import { runStreamingCall } from './runStreamingCall'
import { runSseCall } from './runSseCall'
import { clearPluginState, loadPluginState, savePluginState } from './pluginStateStore'
import { saveFrameStorage, type FrameStorage } from './frameStorage'
import { runFrameFetch } from './runFrameFetch'
import { namesPlugin, type PluginIdentity } from '../../../core/plugins/runtime/planApiRequest'
import {
  MOVING_DEFINITIONS,
  movedByModuleConfig,
  movedServices,
  withMoved,
  type MovedService,
} from '../../../core/plugins/providedServices'
import { ApiRequestError } from '../../api/ApiRequestError'
import {
  categoryInstances,
  categoryOf,
  createSettingInstance,
  deleteSetting,
  deleteSettingInstance,
  getSettingInstance,
  getSettingInstances,
  updateSettingInstance,
} from './settingInstances'
import {
  listDefinitions,
  onSettingChange,
  readSetting,
  registerDefinition,
  writeSetting,
} from './pluginSettings'

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
  /** A module's setTheme/toggleTheme: the app shows that theme (not saved, as in BrainDrive). */
  setTheme(theme: ThemeName): Promise<void>
  pageContext: Accessor<PageContext | null>
  /** Where the module sits: BrainDrive's `breakpoint` prop. */
  breakpoint?: string
  /** The frame's localStorage and sessionStorage items to start with (frameStorage.ts); none in the page. */
  storage?: FrameStorage
  /** Provided services the person moved to other ports in their settings (loadMovedServices). */
  moved?: MovedService[]
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
  private readonly seesTheme: boolean
  private readonly seesPage: boolean
  /** Settings the module read, saved or subscribed to: their changes reach its mirror. */
  private readonly watched = new Set<string>()
  /** Setting categories the module subscribed to: a change of one of their settings reaches it. */
  private readonly categories = new Set<string>()
  /** Open server-sent event streams, by the frame's stream number: closed on cancel and on dispose. */
  private readonly streams = new Map<number, AbortController>()
  /** The frame's requests to provided services (runFrameFetch), by their number: aborted on dispose. */
  private readonly fetches = new Map<number, AbortController>()
  private readonly leaveSettings: () => void
  /**
   * Provided services moved to other ports: the person's settings (as the frame started, then as they
   * change) and the module's own config (`apiBaseUrl`). The api and fetch plans read it at each call.
   */
  private moved: MovedService[]
  private settled = false
  private disposed = false

  constructor(private readonly options: ModuleHostOptions) {
    const channel = new MessageChannel()
    this.port = channel.port1
    this.port.onmessage = (event) => this.receive(event.data)
    // The page pushes the theme and page context to a module that declares the service, nothing to others.
    this.seesTheme = Object.hasOwn(options.module.required_services, 'theme')
    this.seesPage = Object.hasOwn(options.module.required_services, 'pageContext')
    const config = { ...options.module.configDefaults, ...options.config }
    this.moved = withMoved(options.moved ?? [], movedByModuleConfig(config))
    this.leaveSettings = onSettingChange((id, value) => {
      if (MOVING_DEFINITIONS.includes(id)) this.moveServices(id, value)
      if (this.watched.has(id)) this.post({ kind: 'push', topic: 'setting', id, value })
      if (this.categories.size > 0) void this.tellCategory(id)
    })
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
      // BrainDrive's order (braindriveContract, BRAINDRIVE_PROPS_SOURCE): config defaults, the module's
      // props, the page's values, then what the renderer adds.
      props: {
        ...module.configDefaults,
        ...module.props,
        ...options.config,
        id: options.instanceId,
        instanceId: options.instanceId,
        moduleId: module.id,
        pluginId: plugin.slug,
        isLocal: false,
        config,
        mode: 'published',
        breakpoint: options.breakpoint ?? 'desktop',
      },
      services: stubbedMethods(module.required_services),
      declared: declaredMethods(module.required_services),
      mirror: {
        ...(this.seesTheme ? { theme: options.theme() } : {}),
        ...(this.seesPage ? { pageContext: options.pageContext() } : {}),
        settings: {},
      },
      storage: options.storage ?? { local: {}, session: {} },
      moved: this.moved,
    }
    this.post(load)
    this.timer = setTimeout(
      () => this.fail(`${module.displayName} did not start within ${READY_TIMEOUT_MS / 1000} s`),
      READY_TIMEOUT_MS,
    )
  }

  /** Theme or page context changed in the app: the module's mirror follows, if it may see them. */
  themeChanged(theme: ThemeName): void {
    if (this.seesTheme) this.post({ kind: 'push', topic: 'theme', value: theme })
  }

  pageContextChanged(context: PageContext | null): void {
    if (this.seesPage) this.post({ kind: 'push', topic: 'pageContext', value: context })
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    clearTimeout(this.timer)
    this.leaveBus()
    this.leaveSettings()
    for (const stream of this.streams.values()) stream.abort()
    this.streams.clear()
    for (const request of this.fetches.values()) request.abort()
    this.fetches.clear()
    this.port.onmessage = null
    this.port.close()
  }

  /**
   * A setting changed (here, in another module, in Settings or another tab): a module subscribed to its
   * category hears the category's instances, as BrainDrive's notifyCategorySubscribers tells them.
   */
  private async tellCategory(id: string): Promise<void> {
    try {
      const category = await categoryOf(id)
      if (category === undefined || !this.categories.has(category)) return
      const instances = await categoryInstances(category)
      this.post({ kind: 'push', topic: 'category', category, instances })
    } catch (error) {
      console.warn('Quire: a setting category could not be read', error)
    }
  }

  /**
   * Runs a module's server-sent event stream `stream` (runSseCall), pushing each event's data to it.
   * A subscription (`pushLife`) also hears the stream open, fail or end; a stream the module cancelled
   * reports nothing more, as BrainDrive's aborted one.
   */
  private async eventStream(path: unknown, stream: unknown, pushLife: boolean): Promise<void> {
    if (typeof stream !== 'number' || !Number.isSafeInteger(stream)) {
      throw new ServiceError('a server-sent event stream needs its stream number', 400)
    }
    this.streams.get(stream)?.abort()
    const controller = new AbortController()
    this.streams.set(stream, controller)
    const life = (event: 'open' | 'error' | 'close', extra: Record<string, unknown> = {}) => {
      if (pushLife && !controller.signal.aborted)
        this.post({ kind: 'push', topic: 'sse', stream, event, ...extra })
    }
    try {
      await runSseCall(
        this.identity(),
        path,
        controller.signal,
        (data) => {
          if (!controller.signal.aborted) this.post({ kind: 'push', topic: 'chunk', stream, data })
        },
        (status, contentType) => life('open', { status, contentType }),
      )
      life('close')
    } catch (error) {
      if (controller.signal.aborted) return
      life('error', { message: error instanceof Error ? error.message : 'The stream failed' })
      if (!pushLife) throw error
    } finally {
      if (this.streams.get(stream) === controller) this.streams.delete(stream)
    }
  }

  /** The plugin as the api and fetch plans see it: its permissions and the person's moved services. */
  private identity(): PluginIdentity {
    const { plugin } = this.options
    return { id: plugin.id, slug: plugin.slug, permissions: plugin.permissions, moved: this.moved }
  }

  /**
   * A setting that may move a provided service changed (in a plugin's settings here, or in another
   * tab): its port reaches Quire from now on, in the host's plans and in the frame's fetch, without a
   * reload. The ports moved before stay routed while the page is open (withMoved).
   */
  private moveServices(id: string, value: unknown): void {
    const next = withMoved(this.moved, movedServices({ [id]: value }))
    if (next.length === this.moved.length) return
    this.moved = next
    this.post({ kind: 'moved', moved: next })
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
      case 'storage':
        saveFrameStorage(this.options.plugin.slug, message.area, message.items)
        return
      case 'fetch': {
        this.fetches.get(message.id)?.abort()
        const controller = new AbortController()
        this.fetches.set(message.id, controller)
        void runFrameFetch(this.identity(), message, controller.signal, (reply, transfer) => {
          if (!this.disposed && !controller.signal.aborted) this.port.postMessage(reply, transfer ?? [])
        }).finally(() => {
          if (this.fetches.get(message.id) === controller) this.fetches.delete(message.id)
        })
        return
      }
      case 'fetch-abort':
        this.fetches.get(message.id)?.abort()
        this.fetches.delete(message.id)
        return
      case 'cancel':
        this.streams.get(message.stream)?.abort()
        this.streams.delete(message.stream)
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
        const status =
          error instanceof ServiceError || error instanceof ApiRequestError ? error.status : undefined
        this.post({
          kind: 'result',
          id,
          ok: false,
          error: status === undefined ? { message } : { message, status },
        })
      },
    )
  }

  /**
   * BrainDrive's plugin state, kept per plugin (pluginStateStore). pageContext's methods name the plugin:
   * only the module's own is answered, as its own state is all a plugin may read.
   */
  private pluginState(method: string, args: unknown[], named: unknown): unknown {
    const { plugin } = this.options
    if (!namesPlugin(plugin, named)) {
      throw new ServiceError(
        `plugin state of another plugin is out of reach: ${plugin.slug} may only use its own`,
        403,
      )
    }
    switch (method) {
      case 'saveState':
        savePluginState(plugin.slug, args[0])
        return undefined
      case 'getState':
        return loadPluginState(plugin.slug)
      default:
        clearPluginState(plugin.slug)
        return undefined
    }
  }

  private async perform(service: string, method: string, args: unknown[]): Promise<unknown> {
    const { plugin, bus, instanceId } = this.options
    switch (`${service}.${method}`) {
      case 'api.get':
      case 'api.post':
      case 'api.put':
      case 'api.patch':
      case 'api.delete':
        return runApiCall(this.identity(), method, args)
      case 'api.postStreaming': {
        const stream = args[2]
        if (typeof stream !== 'number') throw new ServiceError('postStreaming needs its stream number', 400)
        // Registered as the frame's stream, so the module's abort (its `signal`, kept in the frame) stops it.
        this.streams.get(stream)?.abort()
        const controller = new AbortController()
        this.streams.set(stream, controller)
        try {
          return await runStreamingCall(
            this.identity(),
            args,
            (data) => this.post({ kind: 'push', topic: 'chunk', stream, data }),
            controller.signal,
          )
        } finally {
          if (this.streams.get(stream) === controller) this.streams.delete(stream)
        }
      }
      case 'api.getSse':
        await this.eventStream(args[0], args[1], false)
        return undefined
      case 'api.subscribeToSse':
        // Answers at once (BrainDrive's returns its unsubscribe function); the stream reports by pushes.
        void this.eventStream(args[0], args[1], true)
        return null
      case 'settings.getSetting':
      case 'settings.get':
      case 'settings.subscribe': {
        const id = settingId(method, args[0])
        const value = await readSetting(id)
        this.watched.add(id)
        this.post({ kind: 'push', topic: 'setting', id, value, quiet: true })
        return method === 'subscribe' ? null : value
      }
      case 'settings.setSetting':
      case 'settings.set': {
        const id = settingId(method, args[0])
        this.watched.add(id)
        await writeSetting(id, args[1])
        return undefined
      }
      case 'settings.subscribeToCategory': {
        const category = args[0]
        if (typeof category !== 'string' || category === '' || category.length > 200) {
          throw new ServiceError('subscribeToCategory needs a category name', 400)
        }
        this.categories.add(category)
        return null
      }
      case 'settings.deleteSetting':
        await deleteSetting(args[0], args[1])
        return undefined
      case 'settings.getSettingInstance':
        return getSettingInstance(args[0], args[1])
      case 'settings.getSettingInstances':
        return getSettingInstances(args[0], args[1])
      case 'settings.createSettingInstance':
        return createSettingInstance(args[0], args[1], args[2], args[3])
      case 'settings.updateSettingInstance':
        return updateSettingInstance(args[0], args[1])
      case 'settings.deleteSettingInstance':
        await deleteSettingInstance(args[0])
        return undefined
      case 'settings.getSettingDefinitions':
        return listDefinitions(args[0])
      case 'settings.registerSettingDefinition':
        await registerDefinition(args[0])
        return undefined
      case 'theme.setTheme':
      case 'theme.toggleTheme': {
        const wanted =
          method === 'toggleTheme' ? (this.options.theme() === 'dark' ? 'light' : 'dark') : args[0]
        if (wanted !== 'light' && wanted !== 'dark')
          throw new ServiceError('setTheme takes light or dark', 400)
        await this.options.setTheme(wanted)
        return undefined
      }
      case 'pageContext.savePluginState':
      case 'pageContext.getPluginState':
      case 'pageContext.clearPluginState':
        return this.pluginState(method.replace('PluginState', 'State'), args.slice(1), args[0])
      case 'pluginState.saveState':
      case 'pluginState.getState':
      case 'pluginState.clearState':
        return this.pluginState(method, args, plugin.slug)
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

/** A setting's definition id, the first argument of every settings method that names one. */
function settingId(method: string, id: unknown): string {
  if (typeof id !== 'string' || id === '' || id.length > 200) {
    throw new ServiceError(`${method} needs a setting definition id`, 400)
  }
  return id
}
