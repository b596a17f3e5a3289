import type { FrameFetch } from './frameFetch'

type Handler = ((event: Event) => unknown) | null

type XhrEvent =
  'readystatechange' | 'loadstart' | 'progress' | 'load' | 'error' | 'abort' | 'loadend' | 'timeout'

/**
 * `XMLHttpRequest` for a provided service's URL (axios in a plugin uses it), over the frame's fetch to
 * the host (frameFetch.ts). Asynchronous only, as the frame's fetch is; a request to any other URL is
 * made by the browser's own XMLHttpRequest, which the frame's CSP refuses.
 */
export class FrameXhr extends EventTarget {
  static readonly UNSENT = 0
  static readonly OPENED = 1
  static readonly HEADERS_RECEIVED = 2
  static readonly LOADING = 3
  static readonly DONE = 4
  readyState = 0
  status = 0
  statusText = ''
  responseType: XMLHttpRequestResponseType = ''
  response: unknown = ''
  responseText = ''
  responseURL = ''
  timeout = 0
  withCredentials = false
  readonly upload = new EventTarget()
  onreadystatechange: Handler = null
  onloadstart: Handler = null
  onprogress: Handler = null
  onload: Handler = null
  onerror: Handler = null
  onabort: Handler = null
  onloadend: Handler = null
  ontimeout: Handler = null
  private method = 'GET'
  private url = ''
  private readonly headers = new Headers()
  private answerHeaders = new Headers()
  private controller: AbortController | undefined

  constructor(private readonly frameFetch: FrameFetch) {
    super()
  }

  open(method: string, url: string | URL): void {
    this.method = method.toUpperCase()
    this.url = String(url)
    this.readyState = 1
    this.emit('readystatechange')
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.append(name, value)
  }

  overrideMimeType(): void {}

  getResponseHeader(name: string): string | null {
    return this.readyState >= 2 ? this.answerHeaders.get(name) : null
  }

  getAllResponseHeaders(): string {
    if (this.readyState < 2) return ''
    let text = ''
    this.answerHeaders.forEach((value, name) => (text += `${name}: ${value}\r\n`))
    return text
  }

  abort(): void {
    if (!this.controller || this.readyState === 4) return
    this.controller.abort()
  }

  send(body?: Document | XMLHttpRequestBodyInit | null): void {
    const controller = new AbortController()
    this.controller = controller
    const timer = this.timeout > 0 ? setTimeout(() => controller.abort('timeout'), this.timeout) : undefined
    this.emit('loadstart')
    const init: RequestInit = { method: this.method, headers: this.headers, signal: controller.signal }
    if (body !== undefined && body !== null && this.method !== 'GET' && this.method !== 'HEAD') {
      init.body = body as BodyInit
    }
    this.frameFetch
      .fetch(this.url, init)
      .then(async (response) => {
        this.status = response.status
        this.statusText = response.statusText
        this.responseURL = this.url
        this.answerHeaders = response.headers
        this.readyState = 2
        this.emit('readystatechange')
        this.readyState = 3
        this.emit('readystatechange')
        const bytes = await response.arrayBuffer()
        this.response = this.read(bytes, response.headers.get('content-type') ?? '')
        this.readyState = 4
        this.emit('readystatechange')
        this.emit('progress')
        this.emit('load')
        this.emit('loadend')
      })
      .catch(() => {
        const end = controller.signal.aborted
          ? controller.signal.reason === 'timeout'
            ? 'timeout'
            : 'abort'
          : 'error'
        this.status = 0
        this.readyState = 4
        this.emit('readystatechange')
        this.emit(end)
        this.emit('loadend')
      })
      .finally(() => clearTimeout(timer))
  }

  private read(bytes: ArrayBuffer, type: string): unknown {
    switch (this.responseType) {
      case 'arraybuffer':
        return bytes
      case 'blob':
        return new Blob([bytes], { type })
      case 'json': {
        try {
          return JSON.parse(new TextDecoder().decode(bytes)) as unknown
        } catch {
          return null
        }
      }
      default:
        this.responseText = new TextDecoder().decode(bytes)
        return this.responseText
    }
  }

  private emit(type: XhrEvent): void {
    // ProgressEvent where there is one (every browser; not Node, where the tests run).
    const event =
      type === 'readystatechange' || typeof ProgressEvent !== 'function'
        ? new Event(type)
        : new ProgressEvent(type)
    const handler = this[`on${type}`]
    if (typeof handler === 'function') handler.call(this, event)
    this.dispatchEvent(event)
  }
}

/**
 * Puts an XMLHttpRequest on the frame whose requests to a provided service go to the host. Which one a
 * request uses is known only at `open`, so the object answers the browser's until then and switches.
 */
export function installFrameXhr(target: typeof globalThis, frameFetch: FrameFetch): void {
  const BrowserXhr = target.XMLHttpRequest
  class RoutedXhr extends BrowserXhr {
    #provided: FrameXhr | undefined
    /** What the plugin set before `open` (handlers, responseType, timeout): the routed request takes it too. */
    readonly #early = new Map<PropertyKey, unknown>()
    constructor() {
      super()
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the instance the proxy stands for
      const self = this
      return new Proxy(this, {
        get(target, name) {
          const inner = self.#provided
          const from: object = inner && name in inner ? inner : target
          const value: unknown = Reflect.get(from, name, from)
          if (name === 'open') {
            return (method: string, url: string | URL, ...rest: unknown[]) => {
              if (frameFetch.reaches(String(url))) {
                const provided = new FrameXhr(frameFetch)
                for (const [key, early] of self.#early) if (key in provided) Reflect.set(provided, key, early)
                self.#provided = provided
                provided.open(method, url)
                return
              }
              ;(target.open as (...args: unknown[]) => void).call(target, method, url, ...rest)
            }
          }
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(from) : value
        },
        set(target, name, value) {
          const inner = self.#provided
          if (inner && name in inner) return Reflect.set(inner, name, value)
          // Handlers and settings given before `open` apply to whichever request it turns out to be.
          if (!inner) self.#early.set(name, value)
          try {
            Reflect.set(target, name, value)
          } catch {
            // The browser's refuses some settings before open (responseType on a sync request).
          }
          return true
        },
      })
    }
  }
  Object.defineProperty(target, 'XMLHttpRequest', { value: RoutedXhr, configurable: true, writable: true })
}
