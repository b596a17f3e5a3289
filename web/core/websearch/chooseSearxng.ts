import type { HostPorts } from '../kernel/HostPorts'
import { fetchOrGlobal } from '../generate/providerFetch'
import { searxngUrlSetting } from './searxngUrlSetting'
import type { RecordPorts } from '../records/platformRecords'
import type { WebSearchPorts } from './WebSearchPorts'

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
  ports: Pick<HostPorts, 'outboundFetch'> & Pick<WebSearchPorts, 'operatorSearxng'> & RecordPorts,
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
