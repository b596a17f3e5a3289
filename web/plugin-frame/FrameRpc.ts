import type { HostToFrame, PushMessage } from '../core/plugins/runtime/frameProtocol'

type Listener = (value: unknown) => void

/**
 * The frame's end of the channel: calls carry service, method and plain-data arguments and come back
 * as promises; pushes from the host (theme, page context, event messages) reach local listeners.
 */
export class FrameRpc {
  private nextId = 1
  private readonly pending = new Map<number, { resolve: Listener; reject: (error: Error) => void }>()
  private readonly listeners = new Map<string, Set<Listener>>()

  constructor(private readonly port: MessagePort) {}

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
      const key = topicKey(message)
      const value = message.topic === 'message' ? message.message : message.value
      for (const listener of [...(this.listeners.get(key) ?? [])]) {
        try {
          listener(value)
        } catch (error) {
          console.error('Quire: a listener of the plugin failed', error)
        }
      }
      return true
    }
    return false
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

/** Where a push's listeners are kept: `theme`, `pageContext`, or `message:<channel>`. */
export function topicKey(push: PushMessage): string {
  return push.topic === 'message' ? `message:${push.channel}` : push.topic
}
