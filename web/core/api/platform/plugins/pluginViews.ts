import { readRuntimeServices } from '../../../plugins/manifest/runtimeServices'
import type { StoredRecord } from '../../../store/StoredRecord'

/**
 * The answers BrainDrive's clients read about plugins and modules. Quire stores BrainDrive's snake_case
 * `plugin_data`/`module_data` names; BrainDrive's `Plugin.to_dict()`/`Module.to_dict()` answer some of
 * them in camelCase (and its plugin manager reads a third spelling, `bundleMethod`), so each view carries
 * the stored snake_case fields AND those aliases: every client finds the name it reads.
 */

/** Where a plugin version's files are served (`/plugins/{plugin_id}/{version}/{path}`). */
export function pluginBaseUrl(pluginId: string, version: string): string {
  return `/plugins/${encodeURIComponent(pluginId)}/${encodeURIComponent(version)}/`
}

const orNull = (value: unknown) => (value === undefined ? null : value)
const orEmpty = <T>(value: unknown, empty: T) => (value === undefined || value === null ? empty : value)

/** One module: its stored fields, `plugin_id`, and BrainDrive's camelCase names with their defaults. */
export function moduleView(record: StoredRecord): Record<string, unknown> {
  const d = record.data
  return {
    id: record.id,
    ...d,
    plugin_id: d.plugin_id ?? record.parent_id,
    display_name: orEmpty(d.display_name, d.name),
    priority: orEmpty(d.priority, 0),
    tags: orEmpty(d.tags, []),
    dependencies: orEmpty(d.dependencies, []),
    props: orEmpty(d.props, {}),
    config_fields: orEmpty(d.config_fields, {}),
    required_services: orEmpty(d.required_services, {}),
    layout: orEmpty(d.layout, {}),
    messages: orEmpty(d.messages, { sends: [], receives: [] }),
    // BrainDrive's Module.to_dict() names
    pluginId: d.plugin_id ?? record.parent_id,
    displayName: orEmpty(d.display_name, d.name),
    configFields: orEmpty(d.config_fields, {}),
    requiredServices: orEmpty(d.required_services, {}),
    userId: orNull(d.user_id),
    created_at: record.created_at,
    updated_at: record.updated_at,
  }
}

/** Modules sorted as BrainDrive's designer shows them: higher `priority` first, then by name. */
export function sortModules(modules: readonly StoredRecord[]): StoredRecord[] {
  const priority = (m: StoredRecord) => (typeof m.data.priority === 'number' ? m.data.priority : 0)
  return [...modules].sort(
    (a, b) => priority(b) - priority(a) || String(a.data.name).localeCompare(String(b.data.name)),
  )
}

/**
 * One plugin with its modules: the stored fields (plugin_data, `enabled`, `status`, `files`, `trusted`,
 * install bookkeeping), BrainDrive's camelCase names (`bundlelocation`, `lastUpdated`, `updateAvailable`,
 * ...) and `base_url`/`bundle_url`, where this version's files are served.
 */
export function pluginView(record: StoredRecord, modules: readonly StoredRecord[]): Record<string, unknown> {
  const d = record.data
  const version = String(d.version ?? '')
  const base = pluginBaseUrl(record.id, version)
  return {
    id: record.id,
    ...d,
    permissions: orEmpty(d.permissions, []),
    required_services_runtime: readRuntimeServices(d.required_services_runtime),
    base_url: base,
    bundle_url: base + String(d.bundle_location ?? '').replace(/^\/+/, ''),
    // BrainDrive's Plugin.to_dict() names (and the plugin manager's bundleMethod/bundleLocation/isLocal)
    lastUpdated: record.updated_at,
    downloads: 0,
    bundlemethod: orNull(d.bundle_method),
    bundlelocation: orNull(d.bundle_location),
    bundleMethod: orNull(d.bundle_method),
    bundleLocation: orNull(d.bundle_location),
    islocal: orEmpty(d.is_local, false),
    isLocal: orEmpty(d.is_local, false),
    longDescription: orNull(d.long_description),
    userId: orNull(d.user_id),
    sourceType: orNull(d.source_type),
    sourceUrl: orNull(d.source_url),
    updateCheckUrl: orNull(d.update_check_url),
    lastUpdateCheck: orNull(d.last_update_check),
    updateAvailable: orEmpty(d.update_available, false),
    latestVersion: orNull(d.latest_version),
    installationType: orNull(d.installation_type),
    configFields: orEmpty(d.config_fields, {}),
    messages: orEmpty(d.messages, {}),
    dependencies: orEmpty(d.dependencies, []),
    backendDependencies: [],
    requiredServicesRuntime: readRuntimeServices(d.required_services_runtime),
    endpointsFile: null,
    routePrefix: null,
    modules: sortModules(modules).map(moduleView),
    created_at: record.created_at,
    updated_at: record.updated_at,
  }
}

/**
 * A plugin as BrainDrive's manifests list it (keyed by slug): `id` is the slug (its frontend loads a
 * plugin by `id` and matches page modules' `pluginId` against it), `database_id` the record id, and
 * `bundlelocation` without a leading slash. In the designer's manifest, modules' `pluginId` is the slug too.
 */
export function manifestEntry(
  record: StoredRecord,
  modules: readonly StoredRecord[],
  options: { designer?: boolean } = {},
): Record<string, unknown> {
  const view = pluginView(record, modules)
  const slug = String(record.data.plugin_slug)
  const bundle = String(record.data.bundle_location ?? '').replace(/^\/+/, '')
  return {
    ...view,
    id: slug,
    database_id: record.id,
    bundlelocation: bundle,
    modules: options.designer
      ? (view.modules as Array<Record<string, unknown>>).map((m) => ({ ...m, pluginId: slug }))
      : view.modules,
  }
}
