import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import { sha256Hex } from '../../../store/FileStore'
import { fetchBytes, fetchJson, type PluginSources } from './installSources'

/**
 * One marketplace entry. The catalog is a JSON file `{plugins: [...]}` at a configurable URL; Quire's
 * server serves its sample plugins' catalog (`dist-plugins/catalog.json`, built by
 * scripts/buildSamplePlugins.mjs). Fields beyond these are kept and shown as they are.
 */
const entrySchema = z.looseObject({
  id: z.string().min(1).optional(),
  plugin_slug: z.string().min(1),
  name: z.string().optional(),
  description: z.string().optional(),
  version: z.string().min(1),
  /** Absolute, or relative to the catalog's own URL. */
  download_url: z.string().min(1),
  category: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  permissions: z.array(z.string()).optional(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
})
export type CatalogEntry = z.output<typeof entrySchema> & { id: string }

export interface Catalog {
  entries: CatalogEntry[]
  /** Where the catalog came from: its URL, or undefined for the host's built-in one. */
  url: string | undefined
}

/** The path under which the server serves its built-in catalog (`dist-plugins/`), public and read-only. */
export const BUILT_IN_CATALOG_PATH = '/plugin-catalog/catalog.json'

/**
 * Reads the marketplace catalog: the configured URL through the host's fetch, else the host's
 * built-in one. No catalog at all -> 404; one that cannot be fetched -> 502; entries that are not
 * entries (no slug, version or download URL) are left out rather than failing the whole catalog.
 */
export async function loadCatalog(sources: PluginSources): Promise<Catalog> {
  const url = await sources.catalogUrl()
  let body: unknown
  if (url) {
    body = await fetchJson(sources, url, 'the plugin catalog')
  } else {
    const bytes = await sources.builtInCatalog?.('catalog.json')
    if (!bytes) {
      throw ApiError.notFound(
        'No plugin catalog: set PLUGIN_CATALOG_URL on the server (or build the sample plugins), or a catalog URL in the browser',
      )
    }
    try {
      body = JSON.parse(new TextDecoder().decode(bytes)) as unknown
    } catch {
      throw new ApiError(500, 'The built-in plugin catalog is not JSON')
    }
  }
  const plugins = (body as { plugins?: unknown } | null)?.plugins
  if (!Array.isArray(plugins)) throw new ApiError(502, 'The plugin catalog has no `plugins` list')
  const entries: CatalogEntry[] = []
  for (const raw of plugins) {
    const parsed = entrySchema.safeParse(raw)
    if (parsed.success) entries.push({ ...parsed.data, id: parsed.data.id ?? parsed.data.plugin_slug })
  }
  return { entries, url }
}

/** The entry named by `plugin_slug` or `catalog_id` (either matches either), or 404. */
export function findCatalogEntry(catalog: Catalog, name: string): CatalogEntry {
  const entry =
    catalog.entries.find((candidate) => candidate.id === name) ??
    catalog.entries.find((candidate) => candidate.plugin_slug === name) ??
    catalog.entries.find((candidate) => candidate.plugin_slug.toLowerCase() === name.toLowerCase())
  if (!entry) throw ApiError.notFound(`Plugin '${name}' is not in the plugin catalog`)
  return entry
}

/**
 * Downloads an entry's archive: from the catalog's URL (relative download URLs resolved against it),
 * or from the host's built-in catalog. When the entry names a sha256 the bytes must match it.
 */
export async function downloadCatalogEntry(
  sources: PluginSources,
  catalog: Catalog,
  entry: CatalogEntry,
): Promise<{ bytes: Uint8Array; archiveUrl: string }> {
  let bytes: Uint8Array
  let archiveUrl: string
  const absolute = isAbsolute(entry.download_url)
  if (catalog.url !== undefined || absolute) {
    archiveUrl = absolute ? entry.download_url : new URL(entry.download_url, catalog.url).href
    bytes = await fetchBytes(sources, archiveUrl, 'the plugin archive', sources.maxDownloadBytes)
  } else {
    // The built-in catalog's archives sit beside it; only a plain file name is looked up there.
    const name = entry.download_url.replace(/^\.\//, '')
    const found =
      /^[\w.-]+$/.test(name) && !name.startsWith('.') ? await sources.builtInCatalog?.(name) : undefined
    if (!found)
      throw ApiError.notFound(`The archive of '${entry.plugin_slug}' is missing from the built-in catalog`)
    bytes = found
    archiveUrl = `${BUILT_IN_CATALOG_PATH.replace(/catalog\.json$/, '')}${name}`
  }
  if (entry.sha256) {
    if ((await sha256Hex(bytes)) !== entry.sha256) {
      throw ApiError.badRequest(`The archive of '${entry.plugin_slug}' does not match the catalog's sha256`)
    }
  }
  return { bytes, archiveUrl }
}

function isAbsolute(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url)
}
