import type { FetchReply, FrameToHost, HostToFrame } from '../core/plugins/runtime/frameProtocol'
import { providedRoute, type MovedService } from '../core/plugins/providedServices'

interface Pending {
  head(reply: Extract<FetchReply, { event: 'head' }>): void
  chunk(bytes: Uint8Array): void
  end(): void
  fail(message: string): void
}

/**
 * Whether a URL is on a service Quire provides (`http://localhost:8000/...`, or a port the person moved
 * it to): only those go to the host.
 */
export function isProvidedUrl(url: string, moved: readonly MovedService[] = []): boolean {
  try {
    return providedRoute(new URL(url), moved) !== undefined
  } catch {
    return false
  }
}

/**
 * The frame's end of requests to services Quire provides. BrainDrive's plugins reach their document
 * chat service with `fetch('http://127.0.0.1:8000/collections/')`; the frame's CSP blocks every origin
 * (connect-src 'none'), so such a request is handed to the host over the channel instead, which runs
 * it against Quire's own route with the plugin's permissions (runFrameFetch.ts), and its answer comes
 * back as a streamed Response. Any other URL goes to the browser's own fetch, and the CSP refuses it.
 */
export class FrameFetch {
  private nextId = 1
  private readonly pending = new Map<number, Pending>()
  /** Provided services the person moved: the load message's, set before the plugin runs, then the host's. */
  moved: readonly MovedService[] = []

  /** Whether this URL goes to the host (isProvidedUrl with the person's moved services). */
  reaches(url: string): boolean {
    return isProvidedUrl(url, this.moved)
  }

  constructor(private readonly send: (message: FrameToHost, transfer?: Transferable[]) => void) {}

  /** Handles a host message; false for one that is not a fetch reply or the moved services. */
  receive(message: HostToFrame): boolean {
    if (message.kind === 'moved') {
      this.moved = message.moved
      return true
    }
    if (message.kind !== 'fetch') return false
    const waiting = this.pending.get(message.id)
    if (!waiting) return true
    switch (message.event) {
      case 'head':
        waiting.head(message)
        break
      case 'chunk':
        waiting.chunk(new Uint8Array(message.bytes))
        break
      case 'end':
        this.pending.delete(message.id)
        waiting.end()
        break
      case 'error':
        this.pending.delete(message.id)
        waiting.fail(message.message)
    }
    return true
  }

  /** `fetch(input, init)` for a provided service's URL, answered by the host. */
  async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init)
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer()
    const signal = request.signal
    if (signal.aborted) throw abortError(signal)
    const id = this.nextId++
    return new Promise<Response>((resolve, reject) => {
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined
      let settled = false
      const stream = new ReadableStream<Uint8Array>({
        start: (c) => {
          controller = c
        },
        cancel: () => this.abort(id),
      })
      const onAbort = () => {
        this.abort(id)
        const error = abortError(signal)
        if (!settled) reject(error)
        else controller?.error(error)
        settled = true
      }
      signal.addEventListener('abort', onAbort, { once: true })
      this.pending.set(id, {
        head: (reply) => {
          if (settled) return
          settled = true
          const nullBody = [101, 204, 205, 304].includes(reply.status)
          resolve(
            new Response(nullBody ? null : stream, {
              status: reply.status,
              statusText: reply.statusText,
              headers: reply.headers,
            }),
          )
        },
        chunk: (bytes) => controller?.enqueue(bytes),
        end: () => {
          signal.removeEventListener('abort', onAbort)
          try {
            controller?.close()
          } catch {
            // Already cancelled by the reader.
          }
        },
        fail: (message) => {
          signal.removeEventListener('abort', onAbort)
          const error = new TypeError(`Failed to fetch: ${message}`)
          if (!settled) reject(error)
          else controller?.error(error)
          settled = true
        },
      })
      const headers: Array<[string, string]> = []
      request.headers.forEach((value, name) => headers.push([name, value]))
      this.send(
        { kind: 'fetch', id, method: request.method, url: request.url, headers, body },
        body ? [body] : [],
      )
    })
  }

  private abort(id: number): void {
    if (this.pending.delete(id)) this.send({ kind: 'fetch-abort', id })
  }
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

/**
 * Puts the routing fetch on the frame's window (before the plugin's code runs): a provided service's
 * URL goes to the host, anything else to the browser's fetch.
 */
export function installFrameFetch(target: typeof globalThis, frameFetch: FrameFetch): void {
  const browserFetch = target.fetch.bind(target)
  const routed = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input)
    return frameFetch.reaches(url) ? frameFetch.fetch(input, init) : browserFetch(input, init)
  }
  Object.defineProperty(target, 'fetch', { value: routed, configurable: true, writable: true })
}
