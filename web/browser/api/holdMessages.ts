import type { Endpoint } from 'comlink'

/** What `holdMessages` needs of a worker's global scope (an EventTarget that posts messages). */
export interface MessageScope extends EventTarget {
  postMessage(message: unknown, transfer: Transferable[]): void
}

/**
 * A comlink endpoint over `scope` that keeps the messages arriving before anything listens, and hands
 * them to the first message listener added. The API worker's entry is a few lines that start the
 * snapshot's read and then import the rest of its code (`apiWorker.ts`): a message the page posts
 * meanwhile (its first `routes()` call, at once) would find no listener and be lost.
 */
export function holdMessages(scope: MessageScope): Endpoint {
  const held: MessageEvent[] = []
  const listeners = new Set<EventListenerOrEventListenerObject>()
  const deliver = (event: Event, listener: EventListenerOrEventListenerObject) => {
    if (typeof listener === 'function') listener(event)
    else listener.handleEvent(event)
  }
  scope.addEventListener('message', (event) => {
    if (listeners.size === 0) held.push(event as MessageEvent)
    else for (const listener of [...listeners]) deliver(event, listener)
  })
  return {
    postMessage: (message, transfer) => scope.postMessage(message, transfer ?? []),
    addEventListener(type, listener) {
      if (type !== 'message') return scope.addEventListener(type, listener)
      const first = listeners.size === 0
      listeners.add(listener)
      // After the caller has finished setting up (comlink's `expose` adds its listener, then returns).
      if (first && held.length > 0)
        queueMicrotask(() => {
          for (const event of held.splice(0)) for (const each of [...listeners]) deliver(event, each)
        })
    },
    removeEventListener(type, listener) {
      if (type !== 'message') return scope.removeEventListener(type, listener)
      listeners.delete(listener)
    },
  }
}
