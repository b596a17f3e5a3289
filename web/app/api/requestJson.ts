import { ApiRequestError } from './ApiRequestError'

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON, except FormData, which goes as multipart/form-data. */
  body?: unknown
  signal?: AbortSignal | undefined
  /** Who sends it: the page's `fetch` (its own API) unless another is given (the sync server's). */
  fetch?: typeof fetch
}

/**
 * Same-origin fetch of a JSON endpoint. Resolves with the parsed body (undefined for 204) and rejects with an
 * ApiRequestError carrying the API's `detail` for any non-2xx answer, so pages have one error type to show.
 * A FormData body (uploads) is passed to fetch as is: fetch writes the multipart content-type itself, with
 * the boundary, which a hand-set header would lack.
 */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { method: options.method ?? 'GET', headers: { accept: 'application/json' } }
  if (options.signal) init.signal = options.signal
  if (options.body instanceof FormData) {
    init.body = options.body
  } else if (options.body !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' }
    init.body = JSON.stringify(options.body)
  }

  let response: Response
  try {
    response = await (options.fetch ?? fetch)(path, init)
  } catch (error) {
    // An abort is the router cancelling a stale load; let it through untouched so the router recognises it.
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiRequestError(0, 'The Quire API could not be reached. Reload the page to restart it.')
  }

  if (!response.ok) throw new ApiRequestError(response.status, await readDetail(response))
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/** `{detail: string}` on the document-chat surface, `{detail: [{msg}]}` on the platform surface (422). */
async function readDetail(response: Response): Promise<string> {
  const fallback = `The request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''}).`
  try {
    const body: unknown = await response.json()
    if (body && typeof body === 'object' && 'detail' in body) {
      const detail = body.detail
      if (typeof detail === 'string' && detail) return detail
      if (Array.isArray(detail)) {
        const messages = detail
          .map((item: unknown) =>
            item && typeof item === 'object' && 'msg' in item && typeof item.msg === 'string' ? item.msg : '',
          )
          .filter(Boolean)
        if (messages.length > 0) return messages.join('; ')
      }
    }
  } catch {
    // Not JSON (an HTML error page from a proxy, say): the status line is the best we have.
  }
  return fallback
}
