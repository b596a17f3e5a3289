import { ApiError } from '../kernel/ApiError'
import { shown } from '../http/shown'
import { describeFailure } from '../generate/providerFetch'
import { isPolicyRefusal } from '../http/isPolicyRefusal'
import { readAtMost } from './readAtMost'

/** What `GET /api/v1/websearch/web` forwards to SearXNG's `/search` (with `format=json`). */
export interface WebSearchParams {
  q: string
  /** Comma-separated SearXNG categories (`general,news`). */
  categories?: string
  /** Comma-separated SearXNG engines (`duckduckgo,wikipedia`). */
  engines?: string
  language?: string
  time_range?: string
  safesearch?: number
  pageno?: number
}

/** One hit as the reference's clients read it (BrainDrive passes SearXNG's JSON through). */
export interface WebSearchResult {
  title: string
  url: string
  /** The snippet SearXNG's engines gave; '' when none. */
  content: string
  /** The engine that found it first; null when SearXNG did not say. */
  engine: string | null
  engines: string[]
  score: number | null
  category: string | null
  publishedDate: string | null
}

export interface WebSearchAnswer {
  query: string
  number_of_results: number
  results: WebSearchResult[]
  answers: unknown[]
  suggestions: string[]
  corrections: string[]
  infoboxes: unknown[]
  unresponsive_engines: unknown[]
}

/** A SearXNG answer is small JSON; anything larger is not one. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024
/** SearXNG waits for its own engines (3 s each by default); past this it is not answering. */
export const SEARCH_TIMEOUT_MS = 20_000

/**
 * Searches the SearXNG instance at `baseUrl` through the host's fetch (on the server the outbound
 * policy, in the browser the page's own fetch: SearXNG must then allow this origin, CORS). Failures
 * are ApiErrors worded for people: unreachable 502 (with the reason; in the browser that includes
 * CORS), a 403 502 saying to enable the JSON format, another status 502, a body that is not SearXNG's
 * JSON 502, silence past SEARCH_TIMEOUT_MS 504; an answer that breaks off or passes the host's size limit
 * 502, one still arriving at SEARCH_TIMEOUT_MS (or the host's own time limit) 504.
 */
export async function searchSearxng(
  fetcher: typeof fetch,
  baseUrl: string,
  params: WebSearchParams,
  signal?: AbortSignal,
): Promise<WebSearchAnswer> {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/search`)
  url.searchParams.set('q', params.q)
  url.searchParams.set('format', 'json')
  for (const key of ['categories', 'engines', 'language', 'time_range', 'safesearch', 'pageno'] as const) {
    const value = params[key]
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value))
  }
  const where = `SearXNG at ${shown(baseUrl)}`
  const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS)
  let response: Response
  try {
    response = await fetcher(url.href, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    if (timeout.aborted)
      throw new ApiError(504, `${where} did not answer within ${SEARCH_TIMEOUT_MS / 1000} s`)
    // A URL the outbound policy refuses will never be reached: the setting must change (400), no outage.
    const status = isPolicyRefusal(error) ? 400 : 502
    throw new ApiError(status, `Could not reach ${where} (${describeFailure(error)})`)
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    // SearXNG answers 403 to format=json unless its settings.yml lists json under search.formats.
    const hint =
      response.status === 403
        ? ': enable the JSON format in its settings.yml (search: formats: [html, json])'
        : ''
    throw new ApiError(502, `${where} answered ${response.status}${hint}`)
  }
  let read: Awaited<ReturnType<typeof readAtMost>>
  try {
    read = await readAtMost(response, MAX_ANSWER_BYTES)
  } catch (error) {
    // The body arrives after the status: a trickle past the time limit or an answer past the host's
    // size limit fails here, and is SearXNG's failure (502/504), not the server's (500).
    if (signal?.aborted) throw signal.reason
    if (timeout.aborted || isTimeout(error))
      throw new ApiError(504, `${where} did not finish its answer in time (${describeFailure(error)})`)
    throw new ApiError(502, `${where} stopped mid-answer (${describeFailure(error)})`)
  }
  const { bytes, cut } = read
  let body: unknown
  try {
    if (cut) throw new Error('too large')
    body = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    throw new ApiError(502, `${where} did not answer with SearXNG’s JSON (is it a SearXNG instance?)`)
  }
  if (!body || typeof body !== 'object' || !Array.isArray((body as { results?: unknown }).results)) {
    throw new ApiError(502, `${where} did not answer with SearXNG’s JSON (no results list)`)
  }
  return shapeAnswer(body as Record<string, unknown>, params.q)
}

function shapeAnswer(body: Record<string, unknown>, q: string): WebSearchAnswer {
  const results = (body.results as unknown[]).flatMap((item): WebSearchResult[] => {
    if (!item || typeof item !== 'object') return []
    const hit = item as Record<string, unknown>
    const url = text(hit.url)
    if (!/^https?:\/\//i.test(url)) return []
    const engines = Array.isArray(hit.engines)
      ? hit.engines.filter((e): e is string => typeof e === 'string')
      : []
    return [
      {
        title: text(hit.title) || url,
        url,
        content: text(hit.content) || text(hit.snippet),
        engine: text(hit.engine) || engines[0] || null,
        engines,
        score: typeof hit.score === 'number' ? hit.score : null,
        category: text(hit.category) || null,
        publishedDate: text(hit.publishedDate) || null,
      },
    ]
  })
  const list = (value: unknown) => (Array.isArray(value) ? value : [])
  return {
    query: text(body.query) || q,
    number_of_results: typeof body.number_of_results === 'number' ? body.number_of_results : results.length,
    results,
    answers: list(body.answers),
    suggestions: list(body.suggestions).filter((s): s is string => typeof s === 'string'),
    corrections: list(body.corrections).filter((s): s is string => typeof s === 'string'),
    infoboxes: list(body.infoboxes),
    unresponsive_engines: list(body.unresponsive_engines),
  }
}

/** A time limit's abort: AbortSignal.timeout's TimeoutError, or the server outbound policy's `timeout`. */
function isTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  return (
    (error as { name?: unknown }).name === 'TimeoutError' ||
    (error as { failure?: unknown }).failure === 'timeout'
  )
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}
