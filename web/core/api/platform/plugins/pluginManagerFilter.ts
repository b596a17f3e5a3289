import type { StoredRecord } from '../../../store/StoredRecord'
import { moduleView, pluginView } from './pluginViews'

export interface ManagerFilter {
  search?: string | undefined
  category?: string | undefined
  tags?: string[] | undefined
  plugin_type?: string | undefined
}

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '')
const tagsOf = (record: StoredRecord) =>
  Array.isArray(record.data.tags) ? (record.data.tags as unknown[]).map(lower) : []

/** Fields of the plugin every module of it shows in the manager (its install state, for one). */
function pluginSummary(plugin: StoredRecord): Record<string, unknown> {
  const d = plugin.data
  const summary = {
    plugin_slug: d.plugin_slug,
    plugin_name: d.name,
    plugin_enabled: d.enabled,
    plugin_type: d.type ?? null,
    plugin_version: d.version,
    install_status: d.status,
    update_available: d.update_available ?? false,
    latest_version: d.latest_version ?? null,
  }
  return {
    ...summary,
    pluginSlug: summary.plugin_slug,
    pluginName: summary.plugin_name,
    pluginEnabled: summary.plugin_enabled,
    pluginType: summary.plugin_type,
    pluginVersion: summary.plugin_version,
    installStatus: summary.install_status,
    updateAvailable: summary.update_available,
    latestVersion: summary.latest_version,
  }
}

/**
 * The plugin manager's selection (`GET /plugins/manager`): modules matching every filter given (by
 * display name), and the plugins that have a matching module or match themselves.
 */
export function filterForManager(
  all: ReadonlyArray<{ plugin: StoredRecord; modules: StoredRecord[] }>,
  filter: ManagerFilter,
): { modules: Array<Record<string, unknown>>; plugins: Array<Record<string, unknown>> } {
  const search = filter.search?.trim().toLowerCase() ?? ''
  const category = filter.category?.trim().toLowerCase() ?? ''
  const wanted = (filter.tags ?? []).map((t) => t.toLowerCase())
  const type = filter.plugin_type?.trim().toLowerCase() ?? ''
  const pluginText = (p: StoredRecord) => [p.data.name, p.data.plugin_slug, p.data.description].map(lower)
  const modules: Array<Record<string, unknown>> = []
  const plugins: Array<Record<string, unknown>> = []
  for (const { plugin, modules: own } of all) {
    if (type && lower(plugin.data.type) !== type) continue
    const pluginHit = search === '' || pluginText(plugin).some((t) => t.includes(search))
    const matching = own.filter((m) => {
      const text = [m.data.name, m.data.display_name, m.data.description].map(lower)
      if (search && !pluginHit && !text.some((t) => t.includes(search))) return false
      if (category && lower(m.data.category) !== category) return false
      if (wanted.length > 0 && !tagsOf(m).some((t) => wanted.includes(t))) return false
      return true
    })
    const selfHit =
      pluginHit &&
      (!category || lower(plugin.data.category) === category) &&
      (wanted.length === 0 || own.some((m) => tagsOf(m).some((t) => wanted.includes(t))))
    if (matching.length === 0 && !selfHit) continue
    const summary = pluginSummary(plugin)
    plugins.push({ ...pluginView(plugin, own), install_status: plugin.data.status })
    for (const module of matching) modules.push({ ...moduleView(module), ...summary })
  }
  modules.sort((a, b) =>
    String(a.display_name).localeCompare(String(b.display_name), undefined, { sensitivity: 'base' }),
  )
  return { modules, plugins }
}
