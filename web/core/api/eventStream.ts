import { formatSse } from '../http/formatSse'
import { ApiError } from '../kernel/ApiError'
import type { ApiResult } from '../kernel/ApiResult'
import { toErrorResult } from './toErrorResult'

export interface StreamEvent {
  event: string
  data: unknown
  /** The SSE `id:` a reconnecting client sends back as `Last-Event-ID`. */
  id?: string | number
}

/**
 * A server-sent-events response over an async sequence of events. The sequence is pulled only as
 * fast as the client reads. Cancelling the stream (client gone, stop pressed) aborts `signal`, so
 * the producer stops its work. A failure after the response has started cannot change the status
 * any more: it becomes a final `error` event carrying the `{detail}` (and status) an ordinary
 * response would have had.
 */
export function eventStream(
  produce: (signal: AbortSignal) => AsyncIterable<StreamEvent>,
  options: { toApiError?: (error: unknown) => unknown; logError?: (error: unknown) => void } = {},
): ApiResult {
  const controller = new AbortController()
  const encoder = new TextEncoder()
  let events: AsyncIterator<StreamEvent> | undefined
  const stream = new ReadableStream<Uint8Array>({
    start(output) {
      // A comment first, so the status and headers reach the client at once even when the first
      // event is a while away (a job that has not progressed yet); SSE readers skip comments.
      output.enqueue(encoder.encode(': stream open\n\n'))
      events = produce(controller.signal)[Symbol.asyncIterator]()
    },
    async pull(output) {
      try {
        const next = await events!.next()
        if (next.done) output.close()
        else output.enqueue(encoder.encode(formatSse(next.value)))
      } catch (error) {
        if (controller.signal.aborted) return
        const mapped = options.toApiError ? options.toApiError(error) : error
        const { status, body } = toErrorResult(mapped, options.logError)
        output.enqueue(encoder.encode(formatSse({ event: 'error', data: { ...(body as object), status } })))
        output.close()
      }
    },
    async cancel(reason) {
      controller.abort(reason ?? new ApiError(499, 'The client closed the stream'))
      // Let the producer see the abort and finish its own way (a chat turn stores what it said so
      // far); `return()` would end it at its current `yield`, skipping that. Nobody reads any more.
      try {
        while (events && !(await events.next()).done);
      } catch {
        // Failing after the reader left is nobody's business but the producer's own logging.
      }
    },
  })
  return {
    status: 200,
    stream,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
  }
}
