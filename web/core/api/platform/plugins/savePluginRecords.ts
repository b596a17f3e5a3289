import type { ApiPorts } from '../../ApiPorts'
import type { RecordWrite, StoredRecord } from '../../../store/StoredRecord'
import { toTimestamp } from '../../../kernel/time/Clock'
import { pluginKind, type PluginRecordData } from '../../../records/kinds/pluginKind'
import { pluginModuleKind } from '../../../records/kinds/pluginModuleKind'
import { refuseBorrowedPluginId } from './refuseBorrowedPluginId'
import type { RecordPorts } from '../../../records/platformRecords'

/** A validated manifest (`validateManifest`'s `plugin` and `modules`), typed loosely so both sides agree. */
export interface PluginManifestRecords {
  plugin: { plugin_slug: string; version: string } & Record<string, unknown>
  modules: ReadonlyArray<{ name: string } & Record<string, unknown>>
  /** The runtime services it declares, as `readRuntimeServices` keeps them; none when left out. */
  services?: readonly unknown[]
}

/** What Quire adds to a manifest's fields; each left out keeps the replaced record's value, or a default. */
export interface PluginRecordExtra {
  /** The plugin this one replaces (an update): its id, `enabled`, `trusted`, `installed_at` and its
   *  modules' ids and `enabled` choices (matched by name) are kept; modules no longer listed are deleted. */
  replaces?: StoredRecord
  files?: Record<string, string>
  enabled?: boolean
  trusted?: boolean
  status?: PluginRecordData['status']
  install_source?: PluginRecordData['install_source']
  last_update_check?: string | null
  update_available?: boolean
  latest_version?: string | null
}

/**
 * Writes a plugin and its modules in ONE `writeRecords` batch, so a plugin is never seen (here or by
 * sync) without its modules, or with half of an update's. Used by register and by the installer.
 * Refuses (409) a manifest whose `plugin_data.id` is another installed plugin's. Resolves the stored records.
 */
export async function savePluginRecords(
  ports: Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts,
  manifest: PluginManifestRecords,
  extra: PluginRecordExtra = {},
): Promise<{ plugin: StoredRecord; modules: StoredRecord[] }> {
  const now = toTimestamp(ports.clock.now())
  const userId = await ports.currentUserId()
  const old = extra.replaces
  await refuseBorrowedPluginId(ports, manifest.plugin, old)
  const previous = old?.data ?? {}
  const oldModules = old ? await pluginModuleKind.list(ports, old.id) : []
  const pluginId = old?.id ?? ports.newId()
  // System-managed fields are the system's: the manifest never sets them (validateManifest drops them).
  const { last_update_check: _a, update_available: _b, latest_version: _c, ...pluginData } = manifest.plugin
  const data: PluginRecordData = {
    ...pluginData,
    plugin_slug: manifest.plugin.plugin_slug,
    name: String(manifest.plugin.name ?? manifest.plugin.plugin_slug),
    version: manifest.plugin.version,
    scope: String(manifest.plugin.scope ?? ''),
    bundle_location: String(manifest.plugin.bundle_location ?? ''),
    enabled: extra.enabled ?? (previous.enabled as boolean | undefined) ?? true,
    status: extra.status ?? 'installed',
    files: extra.files ?? (previous.files as Record<string, string> | undefined) ?? {},
    trusted: extra.trusted ?? (previous.trusted as boolean | undefined) ?? false,
    installed_at: (previous.installed_at as string | undefined) ?? now,
    install_source: extra.install_source ??
      (previous.install_source as PluginRecordData['install_source'] | undefined) ?? { method: 'register' },
    last_update_check:
      extra.last_update_check ?? (previous.last_update_check as string | null | undefined) ?? null,
    update_available: extra.update_available ?? false,
    latest_version: extra.latest_version ?? null,
    user_id: userId,
    // What the package declares, as read (never what plugin_data may say under this name).
    required_services_runtime: manifest.services ?? [],
  }
  const plugin: StoredRecord = {
    kind: pluginKind.kind,
    id: pluginId,
    parent_id: null,
    data,
    created_at: old?.created_at ?? now,
    updated_at: now,
  }
  const oldByName = new Map(oldModules.map((m) => [String(m.data.name), m]))
  const modules = manifest.modules.map((module): StoredRecord => {
    const kept = oldByName.get(module.name)
    return {
      kind: pluginModuleKind.kind,
      id: kept?.id ?? ports.newId(),
      parent_id: pluginId,
      data: {
        ...module,
        plugin_id: pluginId,
        enabled: (kept?.data.enabled as boolean | undefined) ?? true,
        user_id: userId,
      },
      created_at: kept?.created_at ?? now,
      updated_at: now,
    }
  })
  const listed = new Set(manifest.modules.map((m) => m.name))
  const writes: RecordWrite[] = [
    { put: plugin },
    ...modules.map((put) => ({ put })),
    ...oldModules
      .filter((m) => !listed.has(String(m.data.name)))
      .map((m) => ({ delete: { kind: pluginModuleKind.kind, id: m.id } })),
  ]
  await ports.store.records.writeRecords(writes)
  return { plugin, modules }
}
