import { readLines } from './readLines'

/** One dispatched server-sent event. */
export interface SseEvent {
  /** The `event:` field, or 'message' when the event named none. */
  event: string
  /** The `data:` lines joined with '\n'. */
  data: string
  /** The last event id seen so far on this stream (it persists across events, as in EventSource). */
  id?: string
}

/**
 * Server-sent events of a response body, parsed as the HTML standard's EventSource does: lines end in
 * CRLF, LF or CR (also when split across reads); `:` lines are comments; `data:` lines accumulate and a
 * blank line dispatches them; one space after the colon is dropped; an event with no data is not
 * dispatched; an `id` containing NUL is ignored; `retry` and unknown fields are ignored. An event
 * still unfinished when the stream ends is discarded, as the standard says: callers that need to know
 * whether the server finished (an OpenAI `[DONE]`) must check for their own end marker.
 *
 * Abort and early exit behave as in `readLines`: the body is cancelled, and abort throws its reason.
 */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<SseEvent> {
  let eventType = ''
  let data: string[] = []
  let lastEventId = ''
  for await (const line of readLines(body, signal)) {
    if (line === '') {
      if (data.length > 0) {
        const event: SseEvent = { event: eventType === '' ? 'message' : eventType, data: data.join('\n') }
        if (lastEventId !== '') event.id = lastEventId
        yield event
      }
      eventType = ''
      data = []
      continue
    }
    if (line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') eventType = value
    else if (field === 'data') data.push(value)
    else if (field === 'id' && !value.includes('\0')) lastEventId = value
  }
}
