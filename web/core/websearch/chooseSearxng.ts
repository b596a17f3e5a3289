import type { ApiPorts } from '../api/ApiPorts'
import { fetchOrGlobal } from '../generate/providerFetch'
import { searxngUrlSetting } from './searxngUrlSetting'
import type { RecordPorts } from '../api/platform/platformRecords'

/**
 * The server's own SearXNG instance (SEARXNG_URL, as BrainDrive reads SEARXNG_BASE_URL from its
 * environment), used by whoever has set none of their own. Like GENERATOR_URL it is the operator's
 * endpoint, not a URL a person supplied: requests to exactly it go through `fetch`, which keeps the
 * outbound limits but not the address rules (it is often on the operator's own network).
 */
export interface OperatorSearxng {
  url: string
  fetch: typeof fetch
}

/** The instance a person's web search uses, the fetch that reaches it, and whose choice it is. */
export interface SearxngChoice {
  url: string
  fetch: typeof fetch
  /** `person`: their setting `web_search_settings`; `server`: the operator's SEARXNG_URL. */
  source: 'person' | 'server'
}

/**
 * The person's own instance when they set one, else the server's; undefined when neither is set. A
 * person's URL that is exactly the operator's (normalised) is reached as the operator's.
 */
export async function chooseSearxng(
  ports: Pick<ApiPorts, 'outboundFetch' | 'operatorSearxng'> & RecordPorts,
): Promise<SearxngChoice | undefined> {
  const operator = ports.operatorSearxng
  const own = await searxngUrlSetting(ports)
  if (own) {
    const isOperators = operator !== undefined && normalised(own) === normalised(operator.url)
    return {
      url: own,
      fetch: isOperators ? operator.fetch : fetchOrGlobal(ports.outboundFetch),
      source: 'person',
    }
  }
  if (operator) return { url: operator.url.replace(/\/+$/, ''), fetch: operator.fetch, source: 'server' }
  return undefined
}

function normalised(url: string): string | undefined {
  try {
    return new URL(url).href.replace(/\/+$/, '')
  } catch {
    return undefined
  }
}
