import type { SyncTransport } from './SyncClient'
import type { Mutation, PullResult, PushResult } from './SyncServer'

export interface HttpSyncTransportOptions {
  /** The sync server's origin (and path prefix, if any), e.g. `https://quire.example.com`. */
  baseUrl: string
  /** A Bearer token (access or personal), read on every request so a refreshed one is used. */
  token: () => string | undefined | Promise<string | undefined>
  fetch?: typeof fetch
  signal?: AbortSignal
}

/** A sync request the server answered with an error status (401, 422, 429, 5xx...). */
export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
  ) {
    super(
      `Sync request failed with ${status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`,
    )
    this.name = 'SyncHttpError'
  }
}

/**
 * `SyncTransport` over the server's `/api/v1/sync/push` and `/api/v1/sync/pull`. Any failure (the
 * network, an error status) throws, which SyncClient treats as retryable: its outbox and cursor stay
 * where they were. The server's answers are trusted as they come (the client checks `acked`).
 */
export function httpSyncTransport(options: HttpSyncTransportOptions): SyncTransport {
  const base = options.baseUrl.replace(/\/+$/, '')
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))

  async function request<T>(path: string, init: RequestInit): Promise<T> {
    const token = await options.token()
    const headers = new Headers(init.headers)
    headers.set('accept', 'application/json')
    if (token) headers.set('authorization', `Bearer ${token}`)
    const response = await doFetch(base + path, { ...init, headers, signal: options.signal })
    const text = await response.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
    if (!response.ok) {
      throw new SyncHttpError(response.status, (body as { detail?: unknown } | undefined)?.detail ?? body)
    }
    return body as T
  }

  return {
    push(clientId: string, mutations: readonly Mutation[]): Promise<PushResult> {
      return request<PushResult>('/api/v1/sync/push', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: clientId, mutations }),
      })
    },
    pull(after: number, limit?: number, resync?: boolean): Promise<PullResult> {
      const query = new URLSearchParams({ after: String(after) })
      if (limit !== undefined) query.set('limit', String(limit))
      if (resync) query.set('resync', 'true')
      return request<PullResult>(`/api/v1/sync/pull?${query}`, { method: 'GET' })
    },
  }
}
