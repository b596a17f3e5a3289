import { ApiError } from '../kernel/ApiError'

/**
 * The one spelling of a sync server's address that is stored and compared: trimmed, http(s) only,
 * without credentials, query, fragment or trailing slash (`https://quire.example/` and
 * `https://quire.example` are the same server). A server may live under a path (`https://host/quire`),
 * which is kept. Anything else is a 422 on the `server_url` field.
 */
export function normaliseServerUrl(input: string): string {
  const text = input.trim()
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw invalidUrl('Enter the sync server address as a full URL, such as https://quire.example.com')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidUrl('The sync server address must start with http:// or https://')
  if (url.username || url.password)
    throw invalidUrl('The sync server address must not contain a user name or password')
  if (url.search || url.hash) throw invalidUrl('The sync server address must not contain ? or #')
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

function invalidUrl(msg: string): ApiError {
  return ApiError.unprocessable([{ loc: ['body', 'server_url'], msg, type: 'value_error' }])
}
