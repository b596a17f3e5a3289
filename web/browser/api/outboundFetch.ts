import { serverFetch } from './serverFetch'
import { browserApiWorker } from './startBrowserApi'

/**
 * `fetch` for the few requests the page itself makes to a server that may be on another origin (a
 * plugin's `network.request` call, the sign-up form's look at a sync server, the API explorer with a
 * typed token). The app's Content-Security-Policy lets the page connect to its own origin only, so a
 * request to another origin is made by the API worker (`fetchOutbound`: no credentials, as `cors`
 * mode without cookies would send it) and its answer streamed back; one to this origin goes past the
 * in-browser API to the network (`serverFetch`). An `AbortSignal` stops waiting and reading.
 */
export async function outboundFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request && init === undefined ? input : new Request(input, init)
  if (new URL(request.url).origin === location.origin) return serverFetch(request)
  request.signal.throwIfAborted()
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const sent = browserApiWorker().outbound({
    method: request.method,
    url: request.url,
    headers: [...request.headers.entries()],
    body: hasBody ? await request.arrayBuffer() : undefined,
  })
  const aborted = new Promise<never>((_, reject) => {
    if (request.signal.aborted) reject(request.signal.reason)
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true })
  })
  // An answer that comes after the caller gave up is read no further.
  sent.then(
    (late) => {
      if (request.signal.aborted) void late.stream?.cancel().catch(() => undefined)
    },
    () => undefined,
  )
  let answer
  try {
    answer = await Promise.race([sent, aborted])
  } catch (error) {
    // As the page's own fetch rejects a network failure or a refused address.
    if (request.signal.aborted) throw request.signal.reason
    throw new TypeError('Failed to fetch', { cause: error })
  }
  const { stream } = answer
  if (stream) {
    request.signal.addEventListener('abort', () => void stream.cancel().catch(() => undefined), {
      once: true,
    })
  }
  return new Response(stream ?? null, { status: answer.status, headers: answer.headers })
}
