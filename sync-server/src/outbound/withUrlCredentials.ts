/**
 * An operator's endpoint given with credentials in its URL (`https://quire:pw@search.internal`, a
 * SearXNG behind a proxy with basic auth) as a plain base URL and a fetch that sends them: fetch
 * refuses URLs with credentials, and the URL is shown to people (web search's health, errors), who
 * must not see the password. The header goes only to that origin (the outbound fetch drops it at a
 * redirect that leaves it); the base URL comes back without credentials and trailing slashes.
 */
export function withUrlCredentials(
  rawUrl: string,
  fetcher: typeof fetch,
): { url: string; fetch: typeof fetch } {
  const url = new URL(rawUrl)
  const user = decodeURIComponent(url.username)
  const password = decodeURIComponent(url.password)
  url.username = ''
  url.password = ''
  const base = url.href.replace(/\/+$/, '')
  if (user === '' && password === '') return { url: base, fetch: fetcher }
  const authorization = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`
  const origin = url.origin
  return {
    url: base,
    fetch(input, init) {
      const request = new Request(input, init)
      if (new URL(request.url).origin === origin && !request.headers.has('authorization')) {
        request.headers.set('authorization', authorization)
      }
      return fetcher(request)
    },
  }
}
