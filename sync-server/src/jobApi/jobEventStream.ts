import { eventStream, type StreamEvent } from '../../../web/core/api/eventStream'
import type { ApiResult } from '../../../web/core/api/ApiResult'
import type { JobEvent } from '../jobs/Job'
import type { JobService } from '../jobs/JobService'

const TERMINAL = new Set(['completed', 'failed', 'cancelled'])

/**
 * A job's events as server-sent events: `id:` is the event's number and `event:` its type. The
 * stream starts after `afterId` (a reconnect's Last-Event-ID), replays what is stored, then follows
 * live, and ends after the terminal event. Listening starts before the replay is read, so an event
 * stored in between is neither lost nor sent twice.
 */
export function jobEventStream(jobs: JobService, userId: string, jobId: string, afterId: number): ApiResult {
  return eventStream(async function* (signal): AsyncIterable<StreamEvent> {
    const live: JobEvent[] = []
    let wake: (() => void) | undefined
    const unsubscribe = jobs.subscribe(jobId, (event) => {
      live.push(event)
      wake?.()
    })
    const onAbort = () => wake?.()
    signal.addEventListener('abort', onAbort)
    try {
      let last = afterId
      const stored = await jobs.events(userId, jobId, afterId)
      for (const event of stored) {
        last = event.id
        yield toSse(event)
        if (TERMINAL.has(event.type)) return
      }
      // A client resuming after the terminal event (or a job whose end it already saw) gets nothing
      // more: the stream closes instead of waiting for events that will never come.
      if (TERMINAL.has((await jobs.get(userId, jobId)).status)) {
        for (const event of live.splice(0)) if (event.id > last) yield toSse(event)
        return
      }
      while (!signal.aborted) {
        const event = live.shift()
        if (!event) {
          await new Promise<void>((resolve) => (wake = resolve))
          wake = undefined
          continue
        }
        if (event.id <= last) continue
        last = event.id
        yield toSse(event)
        if (TERMINAL.has(event.type)) return
      }
    } finally {
      unsubscribe()
      signal.removeEventListener('abort', onAbort)
    }
  })
}

/**
 * The event as its data, with the job's status, progress and time also at the top level, where
 * BrainDrive's task list reads them (`payload.status`, `payload.progress_percent`, `payload.timestamp`).
 */
function toSse(event: JobEvent): StreamEvent {
  const { status, progress_percent } = event.data as { status?: unknown; progress_percent?: unknown }
  return {
    event: event.type,
    id: event.id,
    data: { ...event, status, progress_percent, timestamp: event.created_at },
  }
}
