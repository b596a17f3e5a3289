import { ApiError } from '../../../kernel/ApiError'
import { concatBytes } from '../../../kernel/bytes/concatBytes'
import { describeFailure } from '../../../generate/providerFetch'
import { shown } from '../../../http/shown'

/**
 * Where a host fetches plugin archives, catalogs and update checks from. The server hands in its
 * outbound policy's fetch (DESIGN.md section 10: private addresses refused unless allowed, redirects
 * re-checked, a time and size limit); the browser its own `fetch` (what CORS allows). The core never
 * calls a global `fetch` for these.
 */
export interface PluginSources {
  fetch: typeof fetch
  /** The largest archive downloaded (the host's upload limit: a download is an upload by other means). */
  maxDownloadBytes: number
  /**
   * The marketplace catalog's URL: PLUGIN_CATALOG_URL on the server, the person's setting in the
   * browser. Undefined: the host's built-in catalog (`builtInCatalog`), if it has one.
   */
  catalogUrl(): Promise<string | undefined>
  /**
   * The host's own catalog (the server's `dist-plugins/`, Quire's sample plugins): a file by its name
   * relative to `catalog.json` (`catalog.json` itself, `QuireNotes-1.0.0.zip`); undefined when there is
   * no such file (or no built catalog). Read directly, never over HTTP.
   */
  builtInCatalog?: (name: string) => Promise<Uint8Array | undefined>
  /** The GitHub API's base URL (tests point it at a fake release server); default https://api.github.com. */
  githubApiUrl?: string
}

export const GITHUB_API = 'https://api.github.com'

/** A network failure: what the caller may report as "not checked" rather than as an error (update checks). */
export class SourceUnreachable extends ApiError {
  constructor(detail: string) {
    super(502, detail)
    this.name = 'SourceUnreachable'
  }
}

/**
 * GETs `url` through the host's fetch and reads the body up to `maxBytes`. Unreachable (offline, refused
 * by the outbound policy, timed out) -> SourceUnreachable (502) worded by `describeFailure`; a 404 ->
 * 400 `what` not found; another non-2xx -> 502 naming the status (nothing of the remote body is shown:
 * it may be a page the person could not otherwise read); larger than `maxBytes` -> 413.
 */
export async function fetchBytes(
  sources: Pick<PluginSources, 'fetch'>,
  url: string,
  what: string,
  maxBytes: number,
  headers: Record<string, string> = {},
): Promise<Uint8Array> {
  let response: Response
  try {
    response = await sources.fetch(url, { headers, redirect: 'follow' })
  } catch (error) {
    throw new SourceUnreachable(`Could not reach ${shown(url)} for ${what} (${describeFailure(error)})`)
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    if (response.status === 404) throw ApiError.badRequest(`${capitalise(what)} not found at ${shown(url)}`)
    throw new ApiError(502, `${shown(url)} answered ${response.status} for ${what}`)
  }
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw tooLarge(what, maxBytes)
  }
  try {
    return await readAtMost(response, maxBytes, () => tooLarge(what, maxBytes))
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new SourceUnreachable(`Downloading ${what} from ${shown(url)} failed (${describeFailure(error)})`)
  }
}

/** GETs a JSON document (a catalog, a release, an update check) of at most 5 MB. */
export async function fetchJson(
  sources: Pick<PluginSources, 'fetch'>,
  url: string,
  what: string,
): Promise<unknown> {
  const bytes = await fetchBytes(sources, url, what, 5 * 1024 * 1024, { accept: 'application/json' })
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown
  } catch {
    throw new ApiError(502, `${capitalise(what)} at ${shown(url)} is not JSON`)
  }
}

async function readAtMost(response: Response, maxBytes: number, over: () => Error): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0)
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    length += value.byteLength
    if (length > maxBytes) {
      await reader.cancel().catch(() => {})
      throw over()
    }
    parts.push(value)
  }
  return concatBytes(parts)
}

function tooLarge(what: string, maxBytes: number): ApiError {
  return new ApiError(413, `${capitalise(what)} is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`)
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
