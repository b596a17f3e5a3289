import { eventStream, type StreamEvent } from '../../../web/core/api/eventStream'
import type { ApiResult } from '../../../web/core/kernel/ApiResult'
import type { JobEvent } from '../jobs/Job'
import type { JobService } from '../jobs/JobService'

const TERMINAL = new Set(['completed', 'failed', 'cancelled'])

/** How often a stream re-reads the table when nothing woke it: a lost notification costs this much delay. */
const RECHECK_MS = 2000

/**
 * A job's events as server-sent events: `id:` is the event's number and `event:` its type. The
 * stream starts after `afterId` (a reconnect's Last-Event-ID), sends what is stored, then follows,
 * and ends after the terminal event. Events are always read from the table, after the last one
 * sent, so they go out in order and without gaps whichever instance stored them; a subscription
 * (this instance's events, and other instances' through the cluster bus) only wakes the stream,
 * and a re-read every RECHECK_MS covers a wake-up that was lost or coalesced. Listening starts
 * before the first read, so an event stored in between is not waited for.
 */
export function jobEventStream(jobs: JobService, userId: string, jobId: string, afterId: number): ApiResult {
  return eventStream(async function* (signal): AsyncIterable<StreamEvent> {
    let woken = false
    let wake: (() => void) | undefined
    const unsubscribe = jobs.subscribe(jobId, () => {
      woken = true
      wake?.()
    })
    const onAbort = () => wake?.()
    signal.addEventListener('abort', onAbort)
    try {
      let last = afterId
      // A client resuming after the terminal event (or a job whose end it already saw) gets nothing
      // more: the stream closes instead of waiting for events that will never come.
      const ended = TERMINAL.has((await jobs.get(userId, jobId)).status)
      while (!signal.aborted) {
        woken = false
        const stored = await jobs.events(userId, jobId, last)
        for (const event of stored) {
          last = event.id
          yield toSse(event)
          if (TERMINAL.has(event.type)) return
        }
        if (ended && stored.length === 0) return
        if (stored.length > 0 || woken) continue
        let timer: ReturnType<typeof setTimeout> | undefined
        await new Promise<void>((resolve) => {
          wake = resolve
          timer = setTimeout(resolve, RECHECK_MS)
        })
        clearTimeout(timer)
        wake = undefined
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
