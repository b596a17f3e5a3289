import { ApiError, type ValidationIssue } from '../kernel/ApiError'

/**
 * An answer of the sync server, passed on to our own client: the server's status and detail, plus its
 * `Retry-After` when it rate-limited us (429), which our answer carries on as a header.
 */
export class SyncServerError extends ApiError {
  constructor(status: number, detail: string | ValidationIssue[], retryAfter?: string | null) {
    super(status, detail, retryAfter ? { 'Retry-After': retryAfter } : undefined)
    this.name = 'SyncServerError'
  }
}

/** Statuses whose detail means something to the person signing in; others say the server is at fault. */
const PASSED_ON = new Set([400, 401, 403, 409, 422, 429])

/**
 * Turns a failed answer of the sync server at `serverUrl` into an error for our client. Client errors
 * the person can act on keep the server's status and detail (a 422 keeps its issue list). A 404 or 405
 * means the address is no Quire sync server with accounts, and a 5xx that the server failed: both are a
 * 502 from us, since our own route did exist and did work.
 */
export async function syncServerError(response: Response, serverUrl: string): Promise<SyncServerError> {
  const detail = await readDetail(response)
  if (PASSED_ON.has(response.status)) {
    return new SyncServerError(
      response.status,
      detail ?? `The sync server refused the request (${response.status})`,
      response.headers.get('retry-after'),
    )
  }
  if (response.status === 404 || response.status === 405) {
    return new SyncServerError(
      502,
      `${serverUrl} does not look like a Quire sync server with accounts (it answered ${response.status})`,
    )
  }
  const why = typeof detail === 'string' ? `: ${detail}` : ''
  return new SyncServerError(502, `The sync server at ${serverUrl} failed (${response.status})${why}`)
}

/** No response at all: the address is wrong, the server down, or this device offline. */
export function unreachable(serverUrl: string, error: unknown): SyncServerError {
  return new SyncServerError(502, `Could not reach the sync server at ${serverUrl}: ${reason(error)}`)
}

function reason(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'it did not answer in time'
    // Node's fetch says only "fetch failed" and keeps the socket error (ECONNREFUSED ...) in `cause`.
    const cause = (error as { cause?: unknown }).cause
    if (cause instanceof Error && cause.message) return `${error.message} (${cause.message})`
    if (error.message) return error.message
  }
  return String(error)
}

async function readDetail(response: Response): Promise<string | ValidationIssue[] | undefined> {
  try {
    const body: unknown = await response.json()
    if (body && typeof body === 'object' && 'detail' in body) {
      const detail = body.detail
      if (typeof detail === 'string' && detail) return detail
      if (Array.isArray(detail) && detail.every(isIssue)) return detail
    }
  } catch {
    // Not JSON (a proxy's HTML page): the status alone has to do.
  }
  return undefined
}

function isIssue(item: unknown): item is ValidationIssue {
  return (
    typeof item === 'object' &&
    item !== null &&
    Array.isArray((item as ValidationIssue).loc) &&
    typeof (item as ValidationIssue).msg === 'string' &&
    typeof (item as ValidationIssue).type === 'string'
  )
}
