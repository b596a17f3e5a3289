/**
 * `fetch` with a `json` option: given, it is sent as the body with its content type (headers given
 * still apply); the Response as it came, for tests that read its status, headers and cookies themselves.
 */
export function fetchWithJson(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init
  return fetch(url, {
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...rest.headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  })
}
