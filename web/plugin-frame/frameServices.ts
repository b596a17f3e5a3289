import type { FrameRpc } from './FrameRpc'

type Listener = (value: unknown) => void

/** A promise the caller may ignore: a refusal is then logged, not an unhandled rejection. */
function quiet<T>(promise: Promise<T>, what: string): Promise<T> {
  promise.catch((error: unknown) => console.warn(`Quire: ${what} was refused`, error))
  return promise
}

/**
 * The `services` prop: BrainDrive's five services, each method a call over the channel (the host
 * decides whether the module may make it). Listener methods keep the listener here and tell the host,
 * which then pushes changes; if the host refuses, the listener is dropped again.
 */
export function frameServices(rpc: FrameRpc, methods: Record<string, string[]>): Record<string, unknown> {
  const services: Record<string, Record<string, unknown>> = {}
  for (const [service, names] of Object.entries(methods)) {
    const stubs: Record<string, unknown> = {}
    for (const method of names) {
      stubs[method] = (...args: unknown[]) => rpc.call(service, method, args)
    }
    services[service] = stubs
  }

  const listenVia = (service: string, method: string, key: string, listener: unknown) => {
    if (typeof listener !== 'function') return Promise.reject(new Error(`${method} needs a function`))
    rpc.listen(key, listener as Listener)
    return quiet(
      rpc.call(service, method, []).catch((error: unknown) => {
        rpc.unlisten(key, listener as Listener)
        throw error
      }),
      `${service}.${method}`,
    )
  }

  const theme = services.theme
  if (theme) {
    theme.addThemeChangeListener = (listener: unknown) =>
      listenVia('theme', 'addThemeChangeListener', 'theme', listener)
    theme.removeThemeChangeListener = (listener: unknown) => {
      rpc.unlisten('theme', listener as Listener)
      return quiet(rpc.call('theme', 'removeThemeChangeListener', []), 'theme.removeThemeChangeListener')
    }
  }

  const pageContext = services.pageContext
  if (pageContext) {
    // BrainDrive answers the unsubscribe function at once.
    pageContext.onPageContextChange = (listener: unknown) => {
      void listenVia('pageContext', 'onPageContextChange', 'pageContext', listener).catch(() => undefined)
      return () => rpc.unlisten('pageContext', listener as Listener)
    }
  }

  const event = services.event
  if (event) {
    event.subscribeToMessages = (channel: unknown, listener: unknown) => {
      if (typeof channel !== 'string') return Promise.reject(new Error('subscribeToMessages needs a channel'))
      rpc.listen(`message:${channel}`, listener as Listener)
      return quiet(
        rpc.call('event', 'subscribeToMessages', [channel]).catch((error: unknown) => {
          rpc.unlisten(`message:${channel}`, listener as Listener)
          throw error
        }),
        'event.subscribeToMessages',
      )
    }
    event.unsubscribeFromMessages = (channel: unknown, listener: unknown) => {
      if (typeof channel !== 'string') return Promise.resolve()
      const left = rpc.unlisten(`message:${channel}`, listener as Listener)
      if (left > 0) return Promise.resolve()
      return quiet(rpc.call('event', 'unsubscribeFromMessages', [channel]), 'event.unsubscribeFromMessages')
    }
  }
  return services
}
