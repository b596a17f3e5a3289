import type {
  HostToFrame,
  MirrorState,
  PageContext,
  PushMessage,
} from '../core/plugins/runtime/frameProtocol'

type Listener = (value: unknown) => void

/** The live copy of what the host pushed, which BrainDrive's synchronous getters answer from. */
export interface FrameMirror {
  theme?: string
  pageContext?: PageContext | null
  settings: Map<string, unknown>
}

/**
 * The frame's end of the channel: calls carry service, method and plain-data arguments and come back
 * as promises; pushes from the host (theme, page context, settings, event messages) update the mirror
 * and reach local listeners.
 */
export class FrameRpc {
  private nextId = 1
  private readonly pending = new Map<number, { resolve: Listener; reject: (error: Error) => void }>()
  private readonly listeners = new Map<string, Set<Listener>>()
  readonly mirror: FrameMirror = { settings: new Map() }

  constructor(private readonly port: MessagePort) {}

  /** The mirror's first state, from the host's `load` message. */
  seed(state: MirrorState): void {
    if (state.theme !== undefined) this.mirror.theme = state.theme
    if (state.pageContext !== undefined) this.mirror.pageContext = state.pageContext
    for (const [id, value] of Object.entries(state.settings)) this.mirror.settings.set(id, value)
  }

  /**
   * A change, from the host or made here ahead of the host's answer (setTheme): the mirror takes it,
   * then listeners hear it. A theme that did not change is not announced (BrainDrive's setTheme returns
   * early then), nor is a quiet setting (a first read).
   */
  apply(push: PushMessage): void {
    switch (push.topic) {
      case 'theme':
        if (this.mirror.theme === push.value) return
        this.mirror.theme = push.value
        break
      case 'pageContext':
        this.mirror.pageContext = push.value
        break
      case 'setting':
        this.mirror.settings.set(push.id, push.value)
        if (push.quiet) return
        break
      case 'message':
      case 'chunk':
      case 'category':
      case 'sse':
        break
    }
    const key = topicKey(push)
    const value =
      push.topic === 'message'
        ? push.message
        : push.topic === 'chunk'
          ? push.data
          : push.topic === 'category'
            ? push.instances
            : push.topic === 'sse'
              ? push
              : push.value
    for (const listener of [...(this.listeners.get(key) ?? [])]) {
      try {
        listener(value)
      } catch (error) {
        console.error('Quire: a listener of the plugin failed', error)
      }
    }
  }

  /** Handles a host message; answers false for one that is not a result or a push. */
  receive(message: HostToFrame): boolean {
    if (message.kind === 'result') {
      const waiting = this.pending.get(message.id)
      if (!waiting) return true
      this.pending.delete(message.id)
      if (message.ok) waiting.resolve(message.value)
      else {
        const error = new Error(message.error.message) as Error & { status?: number; detail?: string }
        if (message.error.status !== undefined) error.status = message.error.status
        error.detail = message.error.message
        waiting.reject(error)
      }
      return true
    }
    if (message.kind === 'push') {
      this.apply(message)
      return true
    }
    return false
  }

  /** A number for a streamed call's chunks, unique on this channel. */
  newStream(): number {
    return this.nextId++
  }

  /** Tells the host the module no longer listens to stream `stream`. */
  cancel(stream: number): void {
    this.port.postMessage({ kind: 'cancel', stream })
  }

  call(service: string, method: string, args: unknown[]): Promise<unknown> {
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      try {
        this.port.postMessage({ kind: 'call', id, service, method, args })
      } catch {
        reject(new Error(`${service}.${method}: arguments must be plain data (no functions or DOM nodes)`))
        return
      }
      this.pending.set(id, { resolve, reject })
    })
  }

  listen(key: string, listener: Listener): void {
    let set = this.listeners.get(key)
    if (!set) this.listeners.set(key, (set = new Set()))
    set.add(listener)
  }

  /** Answers how many listeners remain on `key`. */
  unlisten(key: string, listener: Listener): number {
    const set = this.listeners.get(key)
    set?.delete(listener)
    return set?.size ?? 0
  }
}

/** Where a push's listeners are kept: `theme`, `pageContext`, `setting:<id>`, `category:<name>`, `message:<channel>` or `chunk:<stream>`. */
export function topicKey(push: PushMessage): string {
  if (push.topic === 'message') return `message:${push.channel}`
  if (push.topic === 'setting') return `setting:${push.id}`
  if (push.topic === 'chunk') return `chunk:${push.stream}`
  if (push.topic === 'category') return `category:${push.category}`
  if (push.topic === 'sse') return `sse:${push.stream}`
  return push.topic
}
