/**
 * The messages a module's sandboxed frame and Quire's page exchange over their MessageChannel. The
 * frame is hostile ground: everything the host reads from it goes through `readFrameMessage`, which
 * answers undefined for anything that is not one of these shapes (the host then ignores it).
 */

import { BRAINDRIVE_SERVICES, type ServiceName } from './braindriveContract'
import type { MovedService } from '../providedServices'

export type { ServiceName }

/** The services BrainDrive hands its modules (spec/plugin-metadata.md, the services table). */
export const SERVICE_NAMES = [
  'api',
  'theme',
  'settings',
  'event',
  'pageContext',
  'pluginState',
] as const satisfies readonly ServiceName[]

/**
 * The methods the frame offers on each service: every method of BrainDrive's contract. A module gets a
 * stub for each of these and for any other method it declares; the host answers a call only where
 * `required_services` declares it.
 */
export const SERVICE_METHODS: Record<ServiceName, readonly string[]> = {
  api: Object.keys(BRAINDRIVE_SERVICES.api),
  theme: Object.keys(BRAINDRIVE_SERVICES.theme),
  settings: Object.keys(BRAINDRIVE_SERVICES.settings),
  event: Object.keys(BRAINDRIVE_SERVICES.event),
  pageContext: Object.keys(BRAINDRIVE_SERVICES.pageContext),
  pluginState: Object.keys(BRAINDRIVE_SERVICES.pluginState),
}

export type ThemeName = 'light' | 'dark'

/** BrainDrive's page context, as its pageContext service answers it. */
export interface PageContext {
  pageId: string
  pageName: string
  pageRoute: string
  isStudioPage: boolean
}

/** The two Web Storage areas a frame has in place of the browser's (storageShim.ts). */
export type StorageArea = 'local' | 'session'

/**
 * How much one area holds, in characters of keys and values: the browser gives an origin about 5
 * million; a plugin's is kept in its plugin state (at most 1 MiB of JSON), so less.
 */
export const MAX_FRAME_STORAGE_CHARS = 500_000

/** A package file handed to the frame: its path in the package and its bytes. */
export interface FrameFile {
  path: string
  bytes: ArrayBuffer
}

/** Host -> frame, the first message on the port: what to load and how to render it. */
export interface LoadMessage {
  kind: 'load'
  files: FrameFile[]
  /** The container script's package path, e.g. `dist/remoteEntry.js`; chunks resolve beside it. */
  bundle: string
  /** The `var` container's global name (`plugin_data.scope`). */
  scope: string
  /** The exposed module, without `./`. */
  moduleName: string
  /** `{...module.props, pluginId, moduleId, config}`; the frame adds `services`. */
  props: Record<string, unknown>
  /** Methods per service the frame should stub: the known ones and any the module declares. */
  services: Record<string, string[]>
  /** The methods the module declares (`required_services`): the frame refuses the others' synchronous
   *  calls itself, as the host refuses the rest. */
  declared: Record<string, string[]>
  /** What the module's synchronous getters answer until the host pushes a change. */
  mirror: MirrorState
  /** The frame's localStorage and sessionStorage items, this plugin's for this person. */
  storage: Record<StorageArea, Record<string, string>>
  /** Provided services the person moved to other ports: the frame sends those ports to the host too. */
  moved: MovedService[]
}

/** The frame's copy of what the page shows the module: only what its declared services may read. */
export interface MirrorState {
  theme?: ThemeName
  pageContext?: PageContext | null
  settings: Record<string, unknown>
}

/** Host -> frame: the answer to a call. */
export type ResultMessage =
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: { message: string; status?: number } }

/** Host -> frame: something the module listens for changed. */
export type PushMessage =
  | { kind: 'push'; topic: 'theme'; value: ThemeName }
  | { kind: 'push'; topic: 'pageContext'; value: PageContext | null }
  | { kind: 'push'; topic: 'message'; channel: string; message: unknown }
  /** One event's data of a streamed call (`api.postStreaming`), for the callback the frame kept. */
  | { kind: 'push'; topic: 'chunk'; stream: number; data: string }
  /** A server-sent event stream's life (`api.subscribeToSse`): opened, failed, or ended by the server. */
  | {
      kind: 'push'
      topic: 'sse'
      stream: number
      event: 'open' | 'error' | 'close'
      status?: number
      contentType?: string
      message?: string
    }
  /** The instances of a setting category one of whose settings changed (`settings.subscribeToCategory`). */
  | { kind: 'push'; topic: 'category'; category: string; instances: unknown[] }
  /** A setting's value: `quiet` fills the mirror without calling subscribers (a first read). */
  | { kind: 'push'; topic: 'setting'; id: string; value: unknown; quiet?: boolean }

/**
 * Host -> frame: the answer to a request the frame's fetch, XMLHttpRequest or EventSource made to a
 * service Quire provides (providedServices.ts): its head, its body a chunk at a time, then its end, or
 * an error (the request was refused or failed: the frame's fetch rejects, as a network error does).
 */
export type FetchReply =
  | {
      kind: 'fetch'
      id: number
      event: 'head'
      status: number
      statusText: string
      headers: Array<[string, string]>
    }
  | { kind: 'fetch'; id: number; event: 'chunk'; bytes: ArrayBuffer }
  | { kind: 'fetch'; id: number; event: 'end' }
  | { kind: 'fetch'; id: number; event: 'error'; message: string }

/**
 * Host -> frame: the provided services moved to other ports, as they are now (the person moved one in a
 * plugin's settings while the page was open): the frame's fetch, XMLHttpRequest and EventSource send
 * those ports to the host from then on, without a reload.
 */
export interface MovedMessage {
  kind: 'moved'
  moved: MovedService[]
}

export type HostToFrame = LoadMessage | ResultMessage | PushMessage | FetchReply | MovedMessage

/** The request a frame hands the host: what `new Request(...)` holds, its body read whole. */
export interface FrameFetchRequest {
  kind: 'fetch'
  id: number
  method: string
  url: string
  headers: Array<[string, string]>
  body: ArrayBuffer | null
}

/** The most a frame's request body may carry (an upload; the server's own limit is lower by default). */
export const MAX_FRAME_FETCH_BODY = 200 * 1024 * 1024

/** Frame -> host. */
export type FrameToHost =
  | { kind: 'call'; id: number; service: string; method: string; args: unknown[] }
  | { kind: 'ready' }
  | { kind: 'error'; message: string }
  | { kind: 'size'; height: number }
  /** The module stopped listening to a stream (the function `api.subscribeToSse` returned). */
  | { kind: 'cancel'; stream: number }
  /** A storage area's whole content after the module changed it, for the host to keep. */
  | { kind: 'storage'; area: StorageArea; items: Record<string, string> }
  /** A request to a service Quire provides, from the frame's fetch, XMLHttpRequest or EventSource. */
  | FrameFetchRequest
  /** The frame no longer wants request `id`'s answer (aborted, or the stream closed). */
  | { kind: 'fetch-abort'; id: number }

const MAX_TEXT = 2000

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A frame's message as one of `FrameToHost`, or undefined when it is anything else. */
export function readFrameMessage(data: unknown): FrameToHost | undefined {
  if (!isRecord(data)) return undefined
  switch (data.kind) {
    case 'call': {
      const { id, service, method, args } = data
      if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined
      if (typeof service !== 'string' || typeof method !== 'string') return undefined
      if (service.length > 100 || method.length > 100) return undefined
      return { kind: 'call', id, service, method, args: Array.isArray(args) ? args : [] }
    }
    case 'ready':
      return { kind: 'ready' }
    case 'error':
      return {
        kind: 'error',
        message: typeof data.message === 'string' ? data.message.slice(0, MAX_TEXT) : 'unknown error',
      }
    case 'cancel': {
      const stream = data.stream
      if (typeof stream !== 'number' || !Number.isSafeInteger(stream)) return undefined
      return { kind: 'cancel', stream }
    }
    case 'fetch':
      return readFetchRequest(data)
    case 'fetch-abort': {
      const id = data.id
      return typeof id === 'number' && Number.isSafeInteger(id) ? { kind: 'fetch-abort', id } : undefined
    }
    case 'storage': {
      const { area, items } = data
      if ((area !== 'local' && area !== 'session') || !isRecord(items)) return undefined
      return readStorageItems(items)
        ? { kind: 'storage', area, items: { ...items } as Record<string, string> }
        : undefined
    }
    case 'size': {
      const height = data.height
      if (typeof height !== 'number' || !Number.isFinite(height) || height < 0) return undefined
      return { kind: 'size', height: Math.min(Math.ceil(height), 100_000) }
    }
    default:
      return undefined
  }
}

function readFetchRequest(data: Record<string, unknown>): FrameFetchRequest | undefined {
  const { id, method, url, headers, body } = data
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined
  if (typeof method !== 'string' || method.length > 20 || typeof url !== 'string' || url.length > 8000)
    return undefined
  if (!Array.isArray(headers) || headers.length > 100) return undefined
  const pairs: Array<[string, string]> = []
  for (const pair of headers) {
    if (!Array.isArray(pair) || pair.length !== 2) return undefined
    const [name, value] = pair as unknown[]
    if (typeof name !== 'string' || typeof value !== 'string' || name.length > 200 || value.length > 8000) {
      return undefined
    }
    pairs.push([name, value])
  }
  if (body !== null && !(body instanceof ArrayBuffer)) return undefined
  if (body && body.byteLength > MAX_FRAME_FETCH_BODY) return undefined
  return { kind: 'fetch', id, method, url, headers: pairs, body }
}

/** Whether `items` is a storage area's content: string values, within MAX_FRAME_STORAGE_CHARS. */
export function readStorageItems(items: Record<string, unknown>): items is Record<string, string> {
  let size = 0
  for (const [key, value] of Object.entries(items)) {
    if (typeof value !== 'string') return false
    size += key.length + value.length
    if (size > MAX_FRAME_STORAGE_CHARS) return false
  }
  return true
}

/** The methods a module declares per known service (`required_services[service].methods`). */
export function declaredMethods(
  requiredServices: Record<string, { methods?: unknown } | undefined>,
): Record<string, string[]> {
  const declared: Record<string, string[]> = {}
  for (const name of SERVICE_NAMES) {
    if (!Object.hasOwn(requiredServices, name)) continue
    const methods = requiredServices[name]?.methods
    // No method list: the whole service (BrainDrive's bridge hands it so).
    declared[name] = Array.isArray(methods)
      ? methods.filter((method): method is string => typeof method === 'string' && method.length <= 100)
      : [...SERVICE_METHODS[name]]
  }
  return declared
}

/** The methods the frame stubs for a module: the known ones of each service plus its declared ones. */
export function stubbedMethods(
  requiredServices: Record<string, { methods?: unknown } | undefined>,
): Record<string, string[]> {
  const stubs: Record<string, string[]> = {}
  for (const name of SERVICE_NAMES) stubs[name] = [...SERVICE_METHODS[name]]
  for (const [service, declared] of Object.entries(requiredServices)) {
    if (!(SERVICE_NAMES as readonly string[]).includes(service)) continue
    const methods = Array.isArray(declared?.methods) ? declared.methods : []
    const list = stubs[service] ?? []
    for (const method of methods) {
      if (typeof method === 'string' && method.length <= 100 && !list.includes(method)) list.push(method)
    }
    stubs[service] = list
  }
  return stubs
}
