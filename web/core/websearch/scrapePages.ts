import { shown } from '../http/shown'
import { describeFailure } from '../generate/providerFetch'
import type { TextParsing } from '../ingest/parse/TextParsing'
import { ParseError } from '../ingest/ParseError'
import { isReadablePage, pageText } from './pageText'
import { readAtMost } from './readAtMost'

/** BrainDrive's limit per request ("to prevent abuse"). */
export const MAX_SCRAPE_URLS = 5
/** BrainDrive's default `max_content_length`: characters of text kept per page. */
export const DEFAULT_CONTENT_LENGTH = 5000
/** The most of a page read (bytes of HTML); the rest is not fetched. A page cut here is still read. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024
/** One page's whole fetch; BrainDrive's is 10 s too. */
export const PAGE_TIMEOUT_MS = 10_000

/** One URL's outcome: its text, or why there is none (never a whole-request failure). */
export interface ScrapedPage {
  url: string
  success: boolean
  /** The page's main text, at most `max_content_length` characters (`…` marks a cut); '' on failure. */
  content: string
  content_length: number
  title: string | null
  /** True when the text was cut at `max_content_length` or the page at MAX_PAGE_BYTES. */
  truncated: boolean
  /** Why the page could not be read, in plain words; only on failure. */
  error?: string
}

export interface ScrapeOptions {
  signal?: AbortSignal
  /** Where pages are read (ApiPorts.parseText: off the server's request thread); default here. */
  parse?: TextParsing
}

export interface ScrapeAnswer {
  results: ScrapedPage[]
  summary: { total_urls: number; successful_scrapes: number; total_content_length: number }
}

/**
 * Fetches each page through the host's fetch (on the server the outbound policy: private addresses
 * refused in multi-user mode, every redirect re-checked; in the browser the page's fetch, which most
 * sites refuse to another origin: CORS) and reads its main text, all at once. Each failure (not
 * reachable, refused, an error status, not HTML or text, no text, too slow) is that URL's entry.
 */
export async function scrapePages(
  fetcher: typeof fetch,
  urls: readonly string[],
  maxContentLength: number,
  options: ScrapeOptions = {},
): Promise<ScrapeAnswer> {
  const results = await Promise.all(urls.map((url) => scrapePage(fetcher, url, maxContentLength, options)))
  const read = results.filter((page) => page.success)
  return {
    results,
    summary: {
      total_urls: urls.length,
      successful_scrapes: read.length,
      total_content_length: read.reduce((sum, page) => sum + page.content.length, 0),
    },
  }
}

export async function scrapePage(
  fetcher: typeof fetch,
  url: string,
  maxContentLength: number,
  { signal, parse }: ScrapeOptions = {},
): Promise<ScrapedPage> {
  const failed = (error: string): ScrapedPage => ({
    url,
    success: false,
    content: '',
    content_length: 0,
    title: null,
    truncated: false,
    error,
  })
  const timeout = AbortSignal.timeout(PAGE_TIMEOUT_MS)
  try {
    let response: Response
    try {
      response = await fetcher(url, {
        headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5' },
        redirect: 'follow',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      if (timeout.aborted) return failed(`The page did not answer within ${PAGE_TIMEOUT_MS / 1000} s`)
      return failed(`Could not fetch ${shown(url)} (${describeFailure(error)})`)
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      return failed(`The page answered HTTP ${response.status}`)
    }
    const contentType = response.headers.get('content-type') ?? ''
    if (!isReadablePage(contentType)) {
      await response.body?.cancel().catch(() => {})
      return failed(`Not a web page: its content type is ${contentType.split(';')[0]?.trim() || 'not given'}`)
    }
    const { bytes, cut } = await readAtMost(response, MAX_PAGE_BYTES)
    const page = await pageText(bytes, contentType, parse)
    const clipped = page.text.length > maxContentLength
    const content = clipped ? `${page.text.slice(0, maxContentLength)}…` : page.text
    return {
      url,
      success: true,
      content,
      content_length: content.length,
      title: page.title,
      truncated: clipped || cut,
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    if (timeout.aborted) return failed(`The page did not answer within ${PAGE_TIMEOUT_MS / 1000} s`)
    if (error instanceof ParseError) {
      // Other failures say why in words made for a file ("This HTML nests its elements…", "Reading
      // the file took longer than 10 s…"), which hold for a page too.
      return failed(error.code === 'no_text' ? 'The page has no readable text' : error.message)
    }
    return failed(`Reading the page failed (${describeFailure(error)})`)
  }
}
