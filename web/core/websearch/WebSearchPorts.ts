import type { TextParsing } from '../ingest/parse/TextParsing'

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

/** What web search reads pages with, and the operator's instance for people who set none. */
export interface WebSearchPorts {
  /**
   * Where text formats are read outside ingestion (web pages, `process-text-context`): the sync
   * server's worker thread, where a page that takes long cannot hold up other people's requests.
   */
  parseText: TextParsing
  /** The server's own SearXNG (SEARXNG_URL), for people who set none; absent in the browser. */
  operatorSearxng?: OperatorSearxng
}
