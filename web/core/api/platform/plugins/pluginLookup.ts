import { ApiError } from '../../../kernel/ApiError'
import type { StoredRecord } from '../../../store/StoredRecord'
import { canonicalId } from '../../../records/recordId'
import { pluginKind } from '../../../records/kinds/pluginKind'
import { pluginModuleKind } from '../../../records/kinds/pluginModuleKind'
import type { RecordPorts } from '../../../records/platformRecords'

/** The plugin with this slug, or undefined. Slugs are unique per person (register and install refuse a taken one). */
export async function findPluginBySlug(ports: RecordPorts, slug: string): Promise<StoredRecord | undefined> {
  return (await pluginKind.list(ports)).find((plugin) => plugin.data.plugin_slug === slug)
}

/**
 * The plugin a `{plugin_id}` path names: its record id (with or without hyphens) or, as BrainDrive's
 * file route and its manifests (whose `id` is the slug) allow, its slug. 404 `Plugin not found`.
 */
export async function requirePlugin(ports: RecordPorts, key: string): Promise<StoredRecord> {
  const id = canonicalId(key)
  const found = (id && (await pluginKind.find(ports, id))) || (await findPluginBySlug(ports, key))
  if (!found) throw ApiError.notFound(pluginKind.notFound)
  return found
}

/** The plugin with this slug, or 404 `Plugin {slug} not found` (BrainDrive's by-slug detail). */
export async function requirePluginBySlug(ports: RecordPorts, slug: string): Promise<StoredRecord> {
  const found = await findPluginBySlug(ports, slug)
  if (!found) throw ApiError.notFound(`Plugin ${slug} not found`)
  return found
}

/**
 * The plugin a `{plugin_slug}` path of install, update and uninstall names: its slug or, failing that,
 * its record id (with or without hyphens). BrainDrive's plugin manager builds these paths from a
 * plugin's id, cutting a `{user_id}_` prefix that Quire's ids do not have, so the whole id arrives.
 * 404 `Plugin {key} not found`.
 */
export async function requirePluginBySlugOrId(ports: RecordPorts, key: string): Promise<StoredRecord> {
  const bySlug = await findPluginBySlug(ports, key)
  if (bySlug) return bySlug
  const id = canonicalId(key)
  const byId = id ? await pluginKind.find(ports, id) : undefined
  if (!byId) throw ApiError.notFound(`Plugin ${key} not found`)
  return byId
}

/** A plugin's module by record id (with or without hyphens) or by module name; 404 otherwise. */
export async function requireModule(
  ports: RecordPorts,
  plugin: StoredRecord,
  key: string,
): Promise<StoredRecord> {
  const id = canonicalId(key)
  const modules = await pluginModuleKind.list(ports, plugin.id)
  const found = modules.find((m) => m.id === id) ?? modules.find((m) => m.data.name === key)
  if (!found) throw ApiError.notFound(`Module ${key} not found in plugin ${plugin.id}`)
  return found
}

/** Every plugin with its modules (one list of each kind, grouped), oldest first. */
export async function pluginsWithModules(
  ports: RecordPorts,
): Promise<Array<{ plugin: StoredRecord; modules: StoredRecord[] }>> {
  const [plugins, modules] = await Promise.all([pluginKind.list(ports), pluginModuleKind.list(ports)])
  const byPlugin = new Map<string, StoredRecord[]>()
  for (const module of modules) {
    const list = byPlugin.get(module.parent_id ?? '') ?? []
    list.push(module)
    byPlugin.set(module.parent_id ?? '', list)
  }
  return plugins.map((plugin) => ({ plugin, modules: byPlugin.get(plugin.id) ?? [] }))
}
