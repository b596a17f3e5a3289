import { settingInstanceKind } from '../records/kinds/settingInstanceKind'
import type { RecordPorts } from '../records/platformRecords'

/**
 * The setting that names the person's SearXNG instance: an instance of this definition id whose value
 * is `{searxng_url: "https://search.example.org"}` (or the URL as a plain string), saved with the
 * ordinary settings API (`POST /api/v1/settings/instances`; the definition is made on first save, as
 * for any setting a client saves). Quire's own id: BrainDrive reads its instance from the server's
 * SEARXNG_BASE_URL and has no setting for it. It syncs like any setting, so every device searches
 * with the same instance.
 */
export const WEB_SEARCH_SETTING_ID = 'web_search_settings'

/** The SearXNG base URL the person chose (trimmed, without a trailing slash), or undefined. */
export async function searxngUrlSetting(ports: RecordPorts): Promise<string | undefined> {
  const instances = await settingInstanceKind.list(ports, WEB_SEARCH_SETTING_ID)
  // The latest saved instance wins when a client saved more than one.
  const newestFirst = [...instances].sort((a, b) => b.updated_at.localeCompare(a.updated_at))
  for (const instance of newestFirst) {
    const value = instance.data.value
    const url =
      typeof value === 'string' ? value : (value as { searxng_url?: unknown } | null | undefined)?.searxng_url
    if (typeof url === 'string' && /^https?:\/\//i.test(url.trim())) return url.trim().replace(/\/+$/, '')
  }
  return undefined
}
