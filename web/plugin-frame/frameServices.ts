import { methodContract, type MethodContract } from '../core/plugins/runtime/braindriveContract'
import type { LoadMessage, ThemeName } from '../core/plugins/runtime/frameProtocol'
import type { FrameRpc } from './FrameRpc'
import { pluginStateService } from './pluginStateService'

type Listener = (value: unknown) => void
type Method = (...args: unknown[]) => unknown

/** A call whose answer the module never sees (BrainDrive's method returns void): a refusal is logged. */
function quiet(promise: Promise<unknown>, what: string): void {
  promise.catch((error: unknown) => console.warn(`Quire: ${what} was refused`, error))
}

/**
 * The `services` prop: BrainDrive's services, each method behaving as braindriveContract says. Async
 * methods are calls to the host (which decides whether the module may make them); synchronous getters
 * answer from the mirror the host keeps current; listener methods keep the callback here and, where
 * the host must start delivering something (a channel, a setting), tell it. A service the module did
 * not declare, and a synchronous method it did not declare, are not there, as in BrainDrive.
 */
export function frameServices(
  rpc: FrameRpc,
  load: Pick<LoadMessage, 'services' | 'declared'>,
): Record<string, unknown> {
  const services: Record<string, Record<string, unknown>> = {}
  for (const [service, names] of Object.entries(load.services)) {
    // A service the module does not declare is not there at all, as BrainDrive's bridge builds only the
    // declared ones (`utils/serviceBridge.ts:194`): plugins test `if (services.theme)` and then call its
    // methods (BrainDrive's API bridge example stayed on "Loading..." when an empty theme was there).
    if (!Object.hasOwn(load.declared, service)) continue
    if (service === 'pluginState') {
      // The whole service, as BrainDrive's renderer hands it.
      services[service] = pluginStateService(rpc)
      continue
    }
    const stubs: Record<string, unknown> = {}
    const declared = load.declared[service] ?? []
    for (const method of names) {
      const stub = serviceMethod(rpc, service, method, declared.includes(method))
      if (stub) stubs[method] = stub
    }
    services[service] = stubs
  }
  return services
}

function serviceMethod(
  rpc: FrameRpc,
  service: string,
  method: string,
  declared: boolean,
): Method | undefined {
  const call: Method = (...args) => rpc.call(service, method, args)
  const contract = methodContract(service, method)
  if (contract?.streams) return streamingCall(rpc, service, method, contract.callbackArg ?? 2)
  if (!contract || contract.style === 'async') return call
  // BrainDrive's bridge has only the declared methods (`utils/serviceBridge.ts:221`), and plugins test
  // for them (`if (settings.subscribe)`): an undeclared synchronous one is left out. (Undeclared async
  // ones stay, for the host to refuse with a 403 that says why.)
  if (!declared) return undefined
  if (!contract.quire) {
    return () => {
      throw new Error(`Quire's ${service} service has no method ${method} yet (${contract.note ?? ''})`)
    }
  }
  if (contract.topic === 'sse') return sseSubscription(rpc, service, method)
  switch (contract.style) {
    case 'local':
      return undefined
    case 'read':
      return reader(rpc, contract)
    case 'command':
      return (...args) => {
        if (service === 'theme') predictTheme(rpc, method, args[0])
        quiet(call(...args) as Promise<unknown>, `${service}.${method}`)
        return undefined
      }
    case 'listen':
    case 'unlisten':
    case 'subscribe':
      return listenerMethod(rpc, service, method, contract)
  }
}

function reader(rpc: FrameRpc, contract: MethodContract): Method {
  switch (contract.mirror) {
    case 'theme':
      return () => rpc.mirror.theme ?? 'light'
    case 'pageContext':
      return () => rpc.mirror.pageContext ?? null
    default:
      return (key) => {
        if (typeof key !== 'string') return undefined
        // A key the module has not read yet: answer undefined now, and ask the host for it, so a later
        // read (and a subscriber) has it.
        if (!rpc.mirror.settings.has(key)) quiet(rpc.call('settings', 'get', [key]), 'settings.get')
        return rpc.mirror.settings.get(key)
      }
  }
}

/** setTheme and toggleTheme change the mirror at once, as BrainDrive's do; the host's push confirms it. */
function predictTheme(rpc: FrameRpc, method: string, theme: unknown): void {
  const current = rpc.mirror.theme
  const next: ThemeName | undefined =
    method === 'toggleTheme'
      ? current === 'dark'
        ? 'light'
        : 'dark'
      : theme === 'light' || theme === 'dark'
        ? theme
        : undefined
  if (next) rpc.apply({ kind: 'push', topic: 'theme', value: next })
}

function listenerMethod(rpc: FrameRpc, service: string, method: string, contract: MethodContract): Method {
  const topic = contract.topic ?? 'theme'
  const keyed = topic !== 'theme' && topic !== 'pageContext'
  return (...args) => {
    const name = keyed ? args[0] : undefined
    const listener = keyed ? args[1] : args[0]
    if (keyed && (typeof name !== 'string' || name === '')) {
      throw new Error(`${service}.${method} needs a ${topic === 'message' ? 'channel' : 'key'} name`)
    }
    const key = keyed ? `${topic}:${String(name)}` : topic
    if (contract.style === 'unlisten') {
      const left = rpc.unlisten(key, listener as Listener)
      if (contract.tellsHost && left === 0) quiet(rpc.call(service, method, [name]), `${service}.${method}`)
      return undefined
    }
    if (typeof listener !== 'function') throw new Error(`${service}.${method} needs a function`)
    rpc.listen(key, listener as Listener)
    if (contract.tellsHost) {
      // The host refuses a channel or setting the module may not have: the listener goes again.
      quiet(
        rpc.call(service, method, [name]).catch((error: unknown) => {
          rpc.unlisten(key, listener as Listener)
          throw error
        }),
        `${service}.${method}`,
      )
    }
    if (contract.style === 'listen') return undefined
    return () => {
      rpc.unlisten(key, listener as Listener)
    }
  }
}

/**
 * An options argument as the frame can send it: BrainDrive's Chat plugin passes `{timeout, signal}`
 * (aiService.ts:128), and neither an AbortSignal nor a function crosses the channel. They are left out
 * of what is sent; the signal is kept here to stop the stream.
 */
function withoutSignal(value: unknown): { value: unknown; signal?: AbortSignal } {
  if (typeof value !== 'object' || value === null) return { value }
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null) return { value }
  const kept: Record<string, unknown> = {}
  let signal: AbortSignal | undefined
  for (const [key, entry] of Object.entries(value)) {
    if (entry instanceof AbortSignal) signal ??= entry
    else if (typeof entry !== 'function') kept[key] = entry
  }
  return signal ? { value: kept, signal } : { value: kept }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

/**
 * A call one of whose arguments is a callback for each chunk (`api.postStreaming`'s third, `api.getSse`'s
 * second): the callback stays here, the host is told the stream's number in its place and pushes each
 * chunk under it. An options argument's `signal` stays here too: aborting it rejects the call and tells
 * the host to stop the stream, as BrainDrive's aborted fetch does.
 */
function streamingCall(rpc: FrameRpc, service: string, method: string, callbackArg: number): Method {
  return (...args) => {
    const onChunk = args[callbackArg]
    const stream = rpc.newStream()
    const key = `chunk:${stream}`
    if (typeof onChunk === 'function') rpc.listen(key, onChunk as Listener)
    const done = () => {
      if (typeof onChunk === 'function') rpc.unlisten(key, onChunk as Listener)
    }
    const carried = [...args]
    while (carried.length <= callbackArg) carried.push(undefined)
    carried[callbackArg] = stream
    let signal: AbortSignal | undefined
    for (let i = callbackArg + 1; i < carried.length; i++) {
      const stripped = withoutSignal(carried[i])
      carried[i] = stripped.value
      signal ??= stripped.signal
    }
    if (signal?.aborted) {
      done()
      return Promise.reject(abortReason(signal))
    }
    const answer = rpc.call(service, method, carried)
    answer.then(done, done)
    if (!signal) return answer
    const given = signal
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        done()
        rpc.cancel(stream)
        reject(abortReason(given))
      }
      given.addEventListener('abort', onAbort, { once: true })
      answer.then(
        (value) => {
          given.removeEventListener('abort', onAbort)
          resolve(value)
        },
        (error: unknown) => {
          given.removeEventListener('abort', onAbort)
          reject(error instanceof Error ? error : new Error(String(error)))
        },
      )
    })
  }
}

interface SseHandlers {
  onOpen?: (response: Response) => unknown
  onMessage?: (data: string) => unknown
  onError?: (error: unknown) => unknown
  onClose?: () => unknown
}

/**
 * `api.subscribeToSse(path, handlers)`: the handlers stay here and hear the host's pushes for the
 * stream; the function it answers stops listening and tells the host to close the stream.
 */
function sseSubscription(rpc: FrameRpc, service: string, method: string): Method {
  return (path, given) => {
    const handlers: SseHandlers = typeof given === 'object' && given !== null ? (given as SseHandlers) : {}
    const stream = rpc.newStream()
    const onChunk: Listener = (data) => void handlers.onMessage?.(data as string)
    const onEvent: Listener = (value) => {
      const push = value as { event: string; status?: number; contentType?: string; message?: string }
      if (push.event === 'open') {
        const headers = push.contentType ? { 'content-type': push.contentType } : undefined
        void handlers.onOpen?.(new Response(null, { status: push.status ?? 200, headers }))
        return
      }
      stop()
      if (push.event === 'error') handlers.onError?.(new Error(push.message ?? 'The stream failed'))
      else handlers.onClose?.()
    }
    const stop = () => {
      rpc.unlisten(`chunk:${stream}`, onChunk)
      rpc.unlisten(`sse:${stream}`, onEvent)
    }
    rpc.listen(`chunk:${stream}`, onChunk)
    rpc.listen(`sse:${stream}`, onEvent)
    rpc.call(service, method, [path, stream]).catch((error: unknown) => {
      stop()
      handlers.onError?.(error)
    })
    return () => {
      stop()
      rpc.cancel(stream)
    }
  }
}
