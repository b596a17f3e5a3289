import type { ApiResult } from '../../../web/core/kernel/ApiResult'
import { eventStream, type StreamEvent } from '../../../web/core/api/eventStream'
import type { SyncNotifier } from './SyncNotifier'
import { withHeartbeat } from './withHeartbeat'

export const SYNC_HEARTBEAT_MS = 20_000

/**
 * `event: changed` with `{cursor}` each time the person's sync log grows, until the client leaves.
 * It listens from the moment it is called (before the response is even read), so a client that
 * opens the stream and then pulls misses nothing in between. A client slower than the pushes gets
 * only the newest cursor: it pulls everything after its own cursor anyway.
 */
export function syncEventStream(notifier: SyncNotifier, heartbeatMs = SYNC_HEARTBEAT_MS): ApiResult {
  let pending: number | undefined
  let wake: (() => void) | undefined
  const unsubscribe = notifier.subscribe((cursor) => {
    pending = cursor
    wake?.()
  })
  const result = eventStream(async function* (signal): AsyncIterable<StreamEvent> {
    const onAbort = () => wake?.()
    signal.addEventListener('abort', onAbort)
    try {
      while (!signal.aborted) {
        if (pending === undefined) {
          await new Promise<void>((resolve) => (wake = resolve))
          wake = undefined
          continue
        }
        const cursor = pending
        pending = undefined
        yield { event: 'changed', data: { cursor } }
      }
    } finally {
      // Runs when the client leaves: eventStream's cancel drains the producer after aborting it.
      unsubscribe()
      signal.removeEventListener('abort', onAbort)
    }
  })
  if (!result.stream) throw new Error('eventStream returned no stream')
  return { ...result, stream: withHeartbeat(result.stream, heartbeatMs) }
}
