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
 * answered 404: model 'foo' not found", with the server's own message taken from its error body
 * (OpenAI `{error: {message}}`, Ollama `{error}`, or plain text). Abort throws the signal's reason.
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
      { cause: error },
    )
  }
  if (response.ok) return response
  const body = await response.text().catch(() => '')
  init.signal?.throwIfAborted()
  const message = errorMessageOf(body) || response.statusText || 'no reason given'
  const hint = response.status === 401 || response.status === 403 ? ' Check the API key.' : ''
  throw new GeneratorError(
    `${capitalise(target.name)} at ${target.baseUrl} answered ${response.status}: ${message}${hint}`,
    response.status,
  )
}

/** The error a provider reports inside an otherwise successful stream, or in an error body. */
export function errorMessageOf(body: unknown): string {
  let value = body
  if (typeof body === 'string') {
    const text = body.trim()
    try {
      value = JSON.parse(text)
    } catch {
      // Not JSON: a proxy's HTML page or plain text. Show its start, never a whole page.
      return clip(
        text
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
    }
  }
  if (typeof value === 'string') return clip(value)
  if (typeof value !== 'object' || value === null) return ''
  const record = value as Record<string, unknown>
  for (const key of ['error', 'message', 'detail']) {
    const field = record[key]
    if (typeof field === 'string' && field !== '') return clip(field)
    if (typeof field === 'object' && field !== null) {
      const nested = errorMessageOf(field)
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
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
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
