import type { FrameFetch } from './frameFetch'

type Handler = ((event: Event) => unknown) | null

/** One server-sent event: its type, data and id, from the lines of one block. */
export function readEventBlock(block: string): { type: string; data: string; id?: string } | undefined {
  let type = 'message'
  let id: string | undefined
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'data') data.push(value)
    else if (field === 'event') type = value || 'message'
    else if (field === 'id' && !value.includes('\0')) id = value
  }
  if (data.length === 0) return undefined
  return id === undefined ? { type, data: data.join('\n') } : { type, data: data.join('\n'), id }
}

/**
 * `EventSource` for a provided service's URL, over the frame's fetch to the host (frameFetch.ts): the
 * stream's events reach `onmessage` and listeners as the browser's would. When the server ends the
 * stream it reports an error and closes; it does not reconnect (the services Quire provides end their
 * streams when the answer is complete).
 */
export class FrameEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  readonly CONNECTING = 0
  readonly OPEN = 1
  readonly CLOSED = 2
  readyState = 0
  readonly url: string
  readonly withCredentials = false
  onopen: Handler = null
  onmessage: Handler = null
  onerror: Handler = null
  private readonly controller = new AbortController()

  constructor(url: string | URL, frameFetch: FrameFetch) {
    super()
    this.url = String(url)
    void this.run(frameFetch)
  }

  close(): void {
    this.readyState = 2
    this.controller.abort()
  }

  private emit(event: Event): void {
    const handler = { open: this.onopen, message: this.onmessage, error: this.onerror }[event.type]
    if (typeof handler === 'function') handler.call(this, event)
    this.dispatchEvent(event)
  }

  private fail(): void {
    if (this.readyState === 2) return
    this.readyState = 2
    this.emit(new Event('error'))
  }

  private async run(frameFetch: FrameFetch): Promise<void> {
    try {
      const response = await frameFetch.fetch(this.url, {
        headers: { accept: 'text/event-stream' },
        signal: this.controller.signal,
      })
      const type = response.headers.get('content-type') ?? ''
      if (!response.ok || !type.includes('text/event-stream') || !response.body) {
        await response.body?.cancel()
        return this.fail()
      }
      if (this.readyState === 2) return
      this.readyState = 1
      this.emit(new Event('open'))
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      let buffer = ''
      for (;;) {
        const { done, value } = await reader.read()
        buffer = (buffer + (value ?? '')).replace(/\r\n?/g, '\n')
        const blocks = buffer.split('\n\n')
        buffer = done ? '' : (blocks.pop() ?? '')
        for (const block of blocks) {
          const event = readEventBlock(block)
          if (!event || this.readyState === 2) continue
          const origin = new URL(this.url).origin
          this.emit(new MessageEvent(event.type, { data: event.data, lastEventId: event.id ?? '', origin }))
        }
        if (done) return this.fail()
      }
    } catch {
      this.fail()
    }
  }
}

/** Puts an EventSource on the frame that sends a provided service's URL to the host, others to the browser's. */
export function installFrameEventSource(target: typeof globalThis, frameFetch: FrameFetch): void {
  const BrowserEventSource = target.EventSource
  function RoutedEventSource(url: string | URL, init?: EventSourceInit): EventSource {
    return frameFetch.reaches(String(url))
      ? (new FrameEventSource(url, frameFetch) as unknown as EventSource)
      : new BrowserEventSource(url, init)
  }
  Object.assign(RoutedEventSource, { CONNECTING: 0, OPEN: 1, CLOSED: 2 })
  RoutedEventSource.prototype = BrowserEventSource.prototype
  Object.defineProperty(target, 'EventSource', {
    value: RoutedEventSource,
    configurable: true,
    writable: true,
  })
}
