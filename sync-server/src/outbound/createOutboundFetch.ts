import { Agent, fetch as undiciFetch } from 'undici'
import { boundedResponse } from './boundedResponse'
import { checkOutboundUrl } from './checkOutboundUrl'
import { guardedConnector } from './guardedConnector'
import { OutboundError, outboundFailure, seconds } from './OutboundError'
import type { OutboundPolicy } from './OutboundPolicy'

const REDIRECTS = new Set([301, 302, 303, 307, 308])
/** Credentials never follow a redirect to another origin (the fetch standard drops Authorization too). */
const CREDENTIALS = new Set(['authorization', 'cookie', 'proxy-authorization'])

/**
 * `fetch` for URLs a person supplied (DESIGN.md section 10): the server's one way to them, handed to
 * the core as its `fetch` port (the answer generators today; providers, the model host, web search,
 * scrape, plugin installs and update checks later). On top of fetch it
 * - refuses anything but http(s) (`checkOutboundUrl`), before any connection;
 * - checks the address actually connected to (`guardedConnector`): in multi-user mode no loopback,
 *   private, link-local, metadata or other non-public address unless OUTBOUND_ALLOW lists it;
 * - follows redirects itself, at most `maxRedirects`, checking each hop like the first URL and
 *   dropping credentials when a hop leaves the origin;
 * - times out: connecting, waiting in silence (for the answer to start or between body chunks), and
 *   the whole exchange; and cuts a body at `maxResponseBytes`.
 * Failures are OutboundErrors whose messages say why in plain words and carry nothing the remote
 * server sent; the caller's own abort rejects with its reason, as fetch does. Bodies are buffered
 * before sending (outbound requests are small JSON), so a 307/308 can send them again.
 */
export function createOutboundFetch(policy: OutboundPolicy): typeof fetch {
  const agent = new Agent({
    connect: guardedConnector(policy),
    headersTimeout: policy.idleTimeoutMs,
    bodyTimeout: policy.idleTimeoutMs,
  })

  return async function outboundFetch(input, init) {
    const request = new Request(input, init)
    let url = checkOutboundUrl(request.url, policy)
    let method = request.method
    let headers = [...request.headers]
    let body: Uint8Array | undefined = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined

    const deadline = new AbortController()
    const timer = setTimeout(
      () =>
        deadline.abort(
          new OutboundError(
            'timeout',
            `timed out: no complete answer within ${seconds(policy.totalTimeoutMs)}`,
          ),
        ),
      policy.totalTimeoutMs,
    )
    timer.unref()
    const settled = () => clearTimeout(timer)
    const signals = { caller: request.signal, deadline: deadline.signal }
    const explain = (error: unknown) => outboundFailure(error, signals, policy)
    const signal = AbortSignal.any([request.signal, deadline.signal])

    try {
      for (let hop = 0; ; hop++) {
        let response: Awaited<ReturnType<typeof undiciFetch>>
        try {
          response = await undiciFetch(url, {
            method,
            headers,
            body,
            redirect: 'manual',
            signal,
            dispatcher: agent,
          })
        } catch (error) {
          throw hop === 0 ? explain(error) : redirectedTo(url, explain(error))
        }
        const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null
        if (location === null || request.redirect === 'manual') {
          return await boundedResponse(response, url, { maxBytes: policy.maxResponseBytes, explain, settled })
        }
        await response.body?.cancel().catch(() => {})
        if (request.redirect === 'error') {
          throw new OutboundError(
            'redirect',
            `${url.host} answered with a redirect, which this request does not follow`,
          )
        }
        if (hop >= policy.maxRedirects) {
          throw new OutboundError('redirect', `${url.host} redirected more than ${policy.maxRedirects} times`)
        }
        const target = parseUrl(location, url)
        if (!target)
          throw new OutboundError('redirect', `${url.host} redirected to something that is not a URL`)
        let next: URL
        try {
          next = checkOutboundUrl(target, policy)
        } catch (refusal) {
          throw redirectedTo(target, refusal)
        }
        if (next.origin !== url.origin) headers = headers.filter(([name]) => !CREDENTIALS.has(name))
        const status = response.status
        if (
          (status === 303 && method !== 'HEAD') ||
          ((status === 301 || status === 302) && method === 'POST')
        ) {
          method = 'GET'
          body = undefined
          headers = headers.filter(([name]) => !name.startsWith('content-'))
        }
        url = next
      }
    } catch (error) {
      settled()
      throw error
    }
  }
}

/** A failure at a redirect's target says so: "it redirected to http://…: localhost resolves to …". */
function redirectedTo(target: URL, error: unknown): unknown {
  if (!(error instanceof OutboundError)) return error
  const shown = target.href.length > 200 ? `${target.href.slice(0, 200)}…` : target.href
  return new OutboundError(error.failure, `it redirected to ${shown}: ${error.message}`)
}

function parseUrl(text: string, base: URL): URL | undefined {
  try {
    return new URL(text, base)
  } catch {
    return undefined
  }
}
