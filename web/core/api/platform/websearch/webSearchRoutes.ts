import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import type { RecordPorts } from '../../../records/platformRecords'
import { errorResponse as error } from '../../errorSchema'
import { postTwin } from '../../postTwin'
import { defineRoute, type Route } from '../../Route'
import { fetchOrGlobal } from '../../../generate/providerFetch'
import { checkSearxng } from '../../../websearch/checkSearxng'
import { scrapePages, MAX_PAGE_BYTES } from '../../../websearch/scrapePages'
import { searchSearxng } from '../../../websearch/searchSearxng'
import { chooseSearxng, type SearxngChoice } from '../../../websearch/chooseSearxng'
import { WEB_SEARCH_SETTING_ID } from '../../../websearch/searxngUrlSetting'
import { shown } from '../../../http/shown'
import { outboundRefusedResponse, validationResponse } from '../platformErrors'
import {
  scrapeAnswerSchema,
  scrapeBody,
  scrapeQuery,
  webSearchAnswerSchema,
  webSearchHealthSchema,
  webSearchQuery,
} from './webSearchSchemas'

const BASE = '/api/v1/websearch'
const tags = ['Web search']

const NOT_SET_UP = `Web search is not set up: save your SearXNG instance’s URL in Settings → Web search (the setting \`${WEB_SEARCH_SETTING_ID}\`, value \`{searxng_url}\`), or ask the server’s operator to set SEARXNG_URL`

const HOSTS =
  'The server fetches through its outbound policy (DESIGN.md section 10: http(s) only, every redirect re-checked, a time and size limit, and in multi-user mode no loopback, private, link-local or metadata address unless OUTBOUND_ALLOW lists it). In the browser the API worker fetches directly, so the SearXNG instance must allow this app’s origin (CORS: SearXNG sends no CORS headers by default; put it behind a proxy that adds them), and a failure says so.'

const SETTING = `The SearXNG instance is the person’s setting \`${WEB_SEARCH_SETTING_ID}\` (\`{searxng_url}\`, saved through \`/api/v1/settings/instances\`; Quire’s own definition), else the sync server’s SEARXNG_URL (its operator’s instance, as BrainDrive reads SEARXNG_BASE_URL from its environment; reached like GENERATOR_URL, so it may be on the operator’s own network). Differs from BrainDrive: its path segment is \`/searxng/\`.`

/** Which SearXNG to ask: the person's setting (a record), else the operator's; reached through the outbound fetch. */
type SearxngPorts = Pick<ApiPorts, 'outboundFetch' | 'operatorSearxng'> & RecordPorts

/** Scraping fetches the pages through the outbound fetch and reads them with the host's text parser. */
type ScrapePorts = Pick<ApiPorts, 'outboundFetch' | 'parseText'>

/** The fetch of scrape: the server's outbound policy, the browser's own. */
function webFetch(ports: Pick<ApiPorts, 'outboundFetch'>): typeof fetch {
  return fetchOrGlobal(ports.outboundFetch)
}

async function requireSearxng(ports: SearxngPorts): Promise<SearxngChoice> {
  const choice = await chooseSearxng(ports)
  if (!choice) throw new ApiError(503, NOT_SET_UP)
  return choice
}

const searchWeb = defineRoute({
  method: 'get',
  path: `${BASE}/web`,
  operationId: 'searchWeb',
  reachesOut: true,
  summary: 'Search the web through the person’s SearXNG instance',
  description: `Forwards \`q\`, \`categories\` (else the reference’s \`category\`), \`engines\`, \`language\`, \`time_range\`, \`safesearch\` and \`pageno\` to SearXNG’s \`GET <searxng_url>/search?format=json\` and answers its JSON in the reference’s shape (BrainDrive passes SearXNG’s answer through): \`{query, number_of_results, results: [{title, url, content, engine, engines, score, category, publishedDate}], answers, suggestions, corrections, infoboxes, unresponsive_engines}\`; results without an http(s) URL are dropped. No SearXNG URL set: 503 saying how to set one. A SearXNG URL the server’s outbound policy does not reach: 400 naming the rule (the setting must change). SearXNG unreachable, answering an error (403: its JSON format is off) or not JSON, or breaking off mid-answer or past the host’s size limit: 502 with the reason; silent for 20 s, or still answering at the time limit (20 s, or the server’s own outbound limit): 504. ${HOSTS} ${SETTING}`,
  tags,
  errorStyle: 'platform',
  query: webSearchQuery,
  responses: {
    200: { description: 'SearXNG’s results', schema: webSearchAnswerSchema },
    422: validationResponse,
    400: outboundRefusedResponse,
    502: error('SearXNG could not be reached or did not answer its JSON'),
    503: error('No SearXNG URL is set'),
    504: error('SearXNG did not answer in time'),
  },
  async handler({ query }, ports: SearxngPorts) {
    const searxng = await requireSearxng(ports)
    const answer = await searchSearxng(searxng.fetch, searxng.url, {
      q: query.q,
      categories: query.categories || query.category,
      engines: query.engines,
      language: query.language,
      time_range: query.time_range,
      safesearch: query.safesearch,
      pageno: query.pageno,
    })
    return { status: 200, body: answer }
  },
})

const specRoutes: Route[] = [
  searchWeb,
  postTwin(searchWeb, 'searchWebPost'),
  defineRoute({
    method: 'post',
    path: `${BASE}/scrape`,
    operationId: 'scrapePages',
    summary: 'The main text of up to 5 web pages',
    description: `Body \`{urls: [...], max_content_length?}\` (the spec) or a bare array of URLs (BrainDrive’s chat plugin posts that, with \`?max_content_length=\`). 1 to 5 http(s) URLs, else 422 naming the field. Each page is fetched at once and read with the same HTML extraction as ingestion (the \`<main>\`, the only \`<article>\` or the body, without scripts, hidden elements and navigation furniture; \`text/plain\` as paragraphs); at most ${MAX_PAGE_BYTES / (1024 * 1024)} MB of a page is read and at most \`max_content_length\` characters (100..100000, default 5000) of its text kept, \`…\` and \`truncated: true\` marking a cut. A page that fails (unreachable, refused by the outbound policy — a redirect to a private address included —, an error status, not HTML or text, no text, HTML nested more than 1,000 elements deep, 10 s to fetch or to read) is its own entry \`{url, success: false, error}\`, never a failure of the request. Answers \`{results: [{url, success, content, content_length, title, truncated, error?}], summary: {total_urls, successful_scrapes, total_content_length}}\` as BrainDrive does (plus \`title\` and \`truncated\`). ${HOSTS} In the browser most sites refuse to be read from another origin: their entries say so; the sync server reads them.`,
    tags,
    errorStyle: 'platform',
    body: scrapeBody,
    query: scrapeQuery,
    responses: {
      200: { description: 'Each page’s text or why not', schema: scrapeAnswerSchema },
      422: validationResponse,
    },
    async handler({ body, query }, ports: ScrapePorts) {
      const maxContentLength = body.max_content_length ?? query.max_content_length
      return {
        status: 200,
        body: await scrapePages(webFetch(ports), body.urls, maxContentLength, {
          parse: ports.parseText,
        }),
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/health`,
    operationId: 'webSearchHealth',
    summary: 'Whether the person’s SearXNG instance answers',
    description: `Always 200: \`{status: healthy | unhealthy | not_configured, searxng_url, source?, accessible, engines?, error?}\` (BrainDrive’s shape plus \`engines\`, how many it has enabled, \`source\`, \`person\` for the person’s own setting or \`server\` for the server’s SEARXNG_URL, shown without user name, password or query, and \`not_configured\`). Reads SearXNG’s \`/config\` (BrainDrive reads \`/\`, which any server answers), so an instance that answers but is not SearXNG is unhealthy; 5 s at most. Needs a signed-in user (BrainDrive’s is public): the instance is the person’s setting. Settings’ “Test” uses it. ${HOSTS}`,
    tags,
    responses: { 200: { description: 'The instance’s state', schema: webSearchHealthSchema } },
    async handler(_input, ports: SearxngPorts) {
      const searxng = await chooseSearxng(ports)
      if (!searxng) {
        return {
          status: 200,
          body: { status: 'not_configured', searxng_url: null, accessible: false, error: NOT_SET_UP },
        }
      }
      const health = await checkSearxng(searxng.fetch, searxng.url)
      return {
        status: 200,
        body: {
          status: health.accessible ? 'healthy' : 'unhealthy',
          // The operator's URL is shown without credentials or query (a token may be in either).
          searxng_url: searxng.source === 'server' ? shown(searxng.url).replace(/\/+$/, '') : searxng.url,
          source: searxng.source,
          ...health,
        },
      }
    },
  }),
]

/**
 * The same three under BrainDrive's own segment (`/api/v1/searxng/*`, where the spec writes
 * `websearch`): its chat plugin's SearchService calls them there, and runs unchanged against Quire.
 */
const braindriveRoutes: Route[] = specRoutes.map((route) => ({
  ...route,
  path: route.path.replace(BASE, '/api/v1/searxng'),
  operationId: `${route.operationId}Searxng`,
  summary: `${route.summary} (BrainDrive’s path)`,
  description: `The same as \`${route.method.toUpperCase()} ${route.path}\`, at the path BrainDrive’s chat plugin calls.`,
}))

export const webSearchRoutes: Route[] = [...specRoutes, ...braindriveRoutes]
