import { ApiError } from '../kernel/ApiError'
import type { HostPorts } from '../kernel/HostPorts'
import type { WebSource } from './WebSource'
import type { WebSearchPorts } from './WebSearchPorts'
import { fetchOrGlobal } from '../generate/providerFetch'
import { scrapePages } from './scrapePages'
import { searchSearxng } from './searchSearxng'
import { chooseSearxng } from './chooseSearxng'
import { WEB_SEARCH_SETTING_ID } from './searxngUrlSetting'
import type { RecordPorts } from '../records/platformRecords'

/** Results of a search that become sources: a few good pages, not a page of links. */
export const WEB_SOURCES = 3
/** Characters of a page's text given to the answer: enough for a paragraph or three. */
export const WEB_SOURCE_CHARS = 3000

export interface FoundWebSources {
  sources: WebSource[]
  /** Why there are fewer web sources than asked for (not set up, SearXNG down, nothing found); null when all went well. */
  note: string | null
}

/**
 * The web half of a "search the web" question: the person's SearXNG instance searched for `query`,
 * its top WEB_SOURCES results read with the scrape endpoint's extraction (their snippets where a page
 * cannot be read: the browser is refused by most sites, CORS), numbered from `firstNumber`. Never
 * fails the question: a search that cannot run leaves a `note` and no sources, and the answer comes
 * from the documents alone.
 */
export async function findWebSources(
  ports: Pick<HostPorts, 'outboundFetch'> & WebSearchPorts & RecordPorts,
  query: string,
  firstNumber: number,
  signal?: AbortSignal,
): Promise<FoundWebSources> {
  const searxng = await chooseSearxng(ports)
  if (!searxng) {
    return {
      sources: [],
      note: `The web was not searched: no SearXNG instance is set up (Settings → Web search, setting ${WEB_SEARCH_SETTING_ID}).`,
    }
  }
  const fetcher = fetchOrGlobal(ports.outboundFetch)
  let results
  try {
    results = (await searchSearxng(searxng.fetch, searxng.url, { q: query }, signal)).results
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    const why = error instanceof ApiError ? String(error.detail) : String(error)
    return { sources: [], note: `The web was not searched: ${why}` }
  }
  const top = results.slice(0, WEB_SOURCES)
  if (top.length === 0) return { sources: [], note: `The web search found nothing for “${query}”.` }
  const pages = await scrapePages(
    fetcher,
    top.map((result) => result.url),
    WEB_SOURCE_CHARS,
    { signal, parse: ports.parseText },
  )
  const sources = top.flatMap((result, i): WebSource[] => {
    const page = pages.results[i]
    const text = page?.success ? page.content : result.content
    if (!text.trim()) return []
    return [
      {
        kind: 'web',
        number: 0,
        url: result.url,
        title: result.title || page?.title || result.url,
        content: text,
        from: page?.success ? 'page' : 'snippet',
        engine: result.engine,
        score: 1 / (i + 1),
      },
    ]
  })
  sources.forEach((source, i) => (source.number = firstNumber + i))
  const unread = sources.filter((source) => source.from === 'snippet').length
  return {
    sources,
    note:
      unread > 0
        ? `${unread} of ${sources.length} web pages could not be read; their search snippets were used.`
        : null,
  }
}
