import { isPolicyRefusal } from '../http/isPolicyRefusal'
import { GeneratorError } from './GeneratorError'

/** Who is being called, for messages: "Ollama at http://localhost:11434". */
export interface ProviderTarget {
  /** 'Ollama', 'the OpenAI-compatible server'. */
  name: string
  /** The base URL as the user configured it. */
  baseUrl: string
  fetch: typeof fetch
}

/**
 * One HTTP call to a provider, with failures turned into GeneratorErrors worded for people:
 * unreachable -> "Could not reach Ollama at URL (connection refused)"; non-2xx -> "Ollama at URL
 * answered 404: model 'foo' not found", with the provider's own message taken from its structured
 * JSON error (`errorBodyMessage`). Nothing else of the answer is ever shown: a server a person points
 * a host at may be one they could not otherwise read (an intranet page, a proxy's error page), and
 * the message reaches them. Abort throws the signal's reason.
 */
export async function providerFetch(
  target: ProviderTarget,
  url: string,
  init: RequestInit,
): Promise<Response> {
  let response: Response
  try {
    response = await target.fetch(url, init)
  } catch (error) {
    init.signal?.throwIfAborted()
    throw new GeneratorError(
      `Could not reach ${target.name} at ${target.baseUrl} (${describeFailure(error)}).`,
      undefined,
      { cause: error, refused: isPolicyRefusal(error) },
    )
  }
  if (response.ok) return response
  const body = await readStart(response, ERROR_BODY_BYTES).catch(() => '')
  init.signal?.throwIfAborted()
  const message = errorBodyMessage(body)
  const hint = response.status === 401 || response.status === 403 ? ' Check the API key.' : ''
  throw new GeneratorError(
    message === ''
      ? `${capitalise(target.name)} at ${target.baseUrl} answered ${response.status} with no error message Quire can read (the answer itself is not shown).${hint}`
      : `${capitalise(target.name)} at ${target.baseUrl} answered ${response.status}: ${message}${hint}`,
    response.status,
  )
}

/** An error body is read this far at most: a provider's JSON error is short, a page is not read whole. */
const ERROR_BODY_BYTES = 64 * 1024

async function readStart(response: Response, limit: number): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let length = 0
  try {
    while (length < limit) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
      length += value.byteLength
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/**
 * The provider's message in an error body, only when the body is a JSON object that carries one:
 * OpenAI `{error: {message}}`, Ollama `{error}`, FastAPI-style `{detail}`, `{message}`. Anything else
 * (HTML, plain text, a JSON list, a body cut short) gives '' and is not shown.
 */
export function errorBodyMessage(body: string): string {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return ''
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? errorMessageOf(value) : ''
}

/**
 * The error a provider reports in a JSON value: a string as it is, or the first `error`, `message` or
 * `detail` string inside an object (nested objects searched too), clipped to 200 characters.
 */
export function errorMessageOf(value: unknown, depth = 0): string {
  if (typeof value === 'string') return clip(value)
  if (typeof value !== 'object' || value === null || depth > 3) return ''
  const record = value as Record<string, unknown>
  for (const key of ['error', 'message', 'detail']) {
    const field = record[key]
    if (typeof field === 'string' && field.trim() !== '') return clip(field)
    if (typeof field === 'object' && field !== null) {
      const nested = errorMessageOf(field, depth + 1)
      if (nested !== '') return nested
    }
  }
  return ''
}

/**
 * A failed fetch in plain words. Node's fetch says only "fetch failed" and keeps the reason in
 * `cause.code`; browsers say "Failed to fetch" and keep no reason at all (a CORS refusal looks the same
 * as a server that is down, so the browser message mentions both).
 */
export function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause
  const code = typeof cause?.code === 'string' ? cause.code : ''
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused; is it running?',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found',
    ECONNRESET: 'the connection was closed',
    EPIPE: 'the connection was closed',
    UND_ERR_SOCKET: 'the connection was closed',
    ETIMEDOUT: 'timed out',
    UND_ERR_CONNECT_TIMEOUT: 'timed out',
    UND_ERR_HEADERS_TIMEOUT: 'timed out',
    UND_ERR_BODY_TIMEOUT: 'timed out',
  }
  if (known[code]) return known[code]
  const message = error instanceof Error ? error.message : String(error)
  if (message === 'Failed to fetch' || message === 'Load failed' || message.startsWith('NetworkError')) {
    return 'the network request failed; is it running, and does it allow requests from this page (CORS)?'
  }
  if (typeof cause?.message === 'string' && cause.message !== '') return cause.message
  return message
}

function clip(text: string): string {
  // One line: a message with newlines or control characters could fake more lines of a log or a UI.
  const line = text.replace(/[\s\p{Cc}]+/gu, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** What a broken stream is thrown as: the abort reason, an error already worded, or "stopped mid-answer". */
export function midAnswerFailure(target: ProviderTarget, error: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason
  if (error instanceof GeneratorError) return error
  return new GeneratorError(
    `${capitalise(target.name)} at ${target.baseUrl} stopped mid-answer (${describeFailure(error)}).`,
    undefined,
    { cause: error },
  )
}

/** The stream ended cleanly at the transport level but without the provider's end marker. */
export function endedEarly(target: ProviderTarget): GeneratorError {
  return new GeneratorError(
    `${capitalise(target.name)} at ${target.baseUrl} stopped mid-answer (the stream ended before the answer was complete).`,
  )
}

/** An error the provider reported inside a 200 stream (a model that crashed while generating). */
export function reportedError(target: ProviderTarget, message: string): GeneratorError {
  return new GeneratorError(`${capitalise(target.name)} at ${target.baseUrl} reported an error: ${message}`)
}

/** `fetch` as given, else the global one looked up at call time (so tests and hosts may replace it). */
export function fetchOrGlobal(given: typeof fetch | undefined): typeof fetch {
  return given ?? ((input, init) => fetch(input, init))
}

/** A 200 answer of the wrong shape: usually a base URL that points at some other kind of server. */
export function unexpectedAnswer(target: ProviderTarget, what: string): GeneratorError {
  return new GeneratorError(
    `${capitalise(target.name)} at ${target.baseUrl} sent an unexpected answer (${what}); is the base URL right?`,
  )
}
