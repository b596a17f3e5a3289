import type { ApiResult } from '../../../kernel/ApiResult'

/**
 * A `text/event-stream` of bare `data: {json}` events ending with `data: [DONE]`: the shape
 * BrainDrive's `/api/v1/ai/providers/*` stream and its chat plugin reads (no `event:` names, unlike
 * Quire's own `eventStream`). `produce` yields the JSON values; a failure it throws after the
 * stream began is sent as one more `data:` value made by `failure`, then `[DONE]` all the same, as
 * BrainDrive does. Cancelling the response (the client went away) aborts `signal`, so the producer
 * stops the model and its upstream request.
 */
export function dataStream(
  produce: (signal: AbortSignal) => AsyncIterable<unknown>,
  failure: (error: unknown) => unknown,
): ApiResult {
  const controller = new AbortController()
  const encoder = new TextEncoder()
  let values: AsyncIterator<unknown> | undefined
  let ended = false
  const line = (text: string) => encoder.encode(`data: ${text}\n\n`)
  const stream = new ReadableStream<Uint8Array>({
    start() {
      values = produce(controller.signal)[Symbol.asyncIterator]()
    },
    async pull(output) {
      if (ended) return
      try {
        const next = await values!.next()
        if (next.done) {
          ended = true
          output.enqueue(line('[DONE]'))
          output.close()
        } else output.enqueue(line(JSON.stringify(next.value)))
      } catch (error) {
        ended = true
        if (controller.signal.aborted) return
        output.enqueue(line(JSON.stringify(failure(error))))
        output.enqueue(line('[DONE]'))
        output.close()
      }
    },
    async cancel(reason) {
      controller.abort(reason ?? new Error('The client closed the stream'))
      // Let the producer see the abort and finish its own way (it stores what was said so far).
      try {
        while (values && !(await values.next()).done);
      } catch {
        // The reader left; the producer's failure is nobody's answer now.
      }
    },
  })
  return {
    status: 200,
    stream,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' },
  }
}
