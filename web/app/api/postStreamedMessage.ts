import { readSse } from '../../core/http/readSse'
import { ApiRequestError } from './ApiRequestError'

export interface StreamedMessageRequest {
  /** The endpoint, on this origin. */
  path: string
  /** Sent as JSON. */
  body: unknown
  /** Aborting it is how "stop" works: the API keeps what was said so far, and the call rejects. */
  signal: AbortSignal
  /** Each event but `done` and `error`, its data parsed (`token`, and the document chat's `sources`). */
  onEvent: (event: string, data: Record<string, unknown>) => void
  /** What streams, as a person reads it in the errors: "answer" (document chat), "reply" (conversation). */
  noun: string
}

/**
 * The one streamed-reply reader: POSTs `body` asking for server-sent events, hands each event to `onEvent`
 * as it comes, and resolves with the stored message the closing `done` event carries. Both chat APIs
 * stream this way (`POST /api/chat/stream`, `POST /api/v1/conversations/{id}/reply`).
 *
 * How it fails, always as ApiRequestError except for an abort: no response at all is status 0; a refusal
 * before the stream starts (a validation error, 409 no language model) carries the API's `detail`; an
 * `error` event mid-stream carries its own status and detail; a stream that ends without `done` (the
 * server went away) says the message was cut short. Aborting `signal` rejects with the abort's own error,
 * so callers can tell "stopped" from "failed".
 */
export async function postStreamedMessage<T>(request: StreamedMessageRequest): Promise<T> {
  const { signal, noun } = request
  let response: Response
  try {
    response = await fetch(request.path, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
      signal,
    })
  } catch (error) {
    if (signal.aborted) throw error
    throw new ApiRequestError(0, 'The Quire API could not be reached. Reload the page to restart it.')
  }
  if (!response.ok || !response.body) throw new ApiRequestError(response.status, await errorText(response))
  for await (const event of readSse(response.body, signal)) {
    const data = JSON.parse(event.data) as Record<string, unknown>
    if (event.event === 'done') return data.message as T
    if (event.event === 'error') {
      throw new ApiRequestError(Number(data.status ?? 500), String(data.detail ?? `The ${noun} failed.`))
    }
    request.onEvent(event.event, data)
  }
  throw new ApiRequestError(0, `The ${noun} ended before it was complete. Try again.`)
}

/** The refusal's `detail`, or the status line when the body is not the API's JSON error. */
async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown }
    if (typeof body.detail === 'string' && body.detail) return body.detail
  } catch {
    // Not JSON: the status line is all there is.
  }
  return `The request failed (${response.status}).`
}
