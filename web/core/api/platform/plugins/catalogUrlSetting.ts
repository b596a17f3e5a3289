import { settingInstanceKind } from '../../../records/kinds/settingInstanceKind'
import type { RecordPorts } from '../../../records/platformRecords'

/**
 * The setting that names the browser's marketplace catalog: an instance of this definition id whose
 * value is `{catalog_url: "https://..."}` (or the URL as a plain string), saved with the ordinary
 * settings API (`POST /api/v1/settings/instances`). It syncs like any setting.
 */
export const CATALOG_SETTING_ID = 'plugin_catalog_settings'

/** The catalog URL the person chose, or undefined (the host's default applies). */
export async function catalogUrlSetting(ports: RecordPorts): Promise<string | undefined> {
  const instances = await settingInstanceKind.list(ports, CATALOG_SETTING_ID)
  for (const instance of instances.reverse()) {
    const value = instance.data.value
    const url =
      typeof value === 'string' ? value : (value as { catalog_url?: unknown } | null | undefined)?.catalog_url
    if (typeof url === 'string' && /^https?:\/\//i.test(url.trim())) return url.trim()
  }
  return undefined
}
