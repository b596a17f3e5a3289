import type { RuntimeService } from '../../core/plugins/manifest/runtimeServices'
import type { z } from 'zod'
import type { UpdateCheck } from '../../core/api/platform/plugins/checkForUpdate'
import type { CatalogEntry } from '../../core/api/platform/plugins/pluginCatalog'
import type { moduleSchema, pluginSchema } from '../../core/api/platform/plugins/pluginSchemas'
import type { ManifestWarning } from '../../core/plugins/manifest/validateManifest'
import { requestJson } from './requestJson'
import { sendFormWithProgress, type FormProgressOptions } from './sendFormWithProgress'

export type { ManifestWarning, UpdateCheck }

/** A module as the plugin endpoints answer it (`moduleView`), with the fields the manager shows. */
export interface PluginModule extends z.output<typeof moduleSchema> {
  description?: string | null
  category?: string | null
}

/** An installed plugin with its modules (`pluginView`): its plugin_data, enabled state and update state. */
export interface InstalledPlugin extends z.output<typeof pluginSchema> {
  description?: string | null
  author?: string | null
  category?: string | null
  permissions: string[]
  latest_version?: string | null
  install_source?: { method: string; url?: string; catalog_id?: string }
  modules: PluginModule[]
  /** The runtime services it declares, those Quire provides marked (absent from older servers). */
  required_services_runtime?: RuntimeService[]
}

/** A marketplace entry, with whether (and which version) is installed here. */
export type MarketplaceEntry = CatalogEntry & {
  installed: boolean
  installed_version: string | null
  installed_plugin_id: string | null
  update_available: boolean
}

/** What an install (any source) answers: the plugin as stored, and the guidance its manifest missed. */
export interface InstallResult {
  plugin_id: string
  plugin_slug: string
  plugin_name: string
  warnings: ManifestWarning[]
  plugin: InstalledPlugin
}

export interface UpdateResult {
  plugin_slug: string
  previous_version: string
  new_version: string
  updated: boolean
  warnings?: ManifestWarning[]
}

const BASE = '/api/v1/plugins'
const slugPath = (slug: string) => `${BASE}/${encodeURIComponent(slug)}`

/** Every installed plugin with its modules (disabled ones too), by name. */
export async function listInstalledPlugins(signal?: AbortSignal): Promise<InstalledPlugin[]> {
  const manifest = await requestJson<Record<string, InstalledPlugin & { database_id: string }>>(
    `${BASE}/manifest`,
    { signal },
  )
  // The manifest's `id` is the slug (as BrainDrive's frontend reads it); the record id is `database_id`.
  return Object.values(manifest)
    .map((entry) => ({ ...entry, id: entry.database_id }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
}

export async function setPluginEnabled(pluginId: string, enabled: boolean): Promise<InstalledPlugin> {
  const answer = await requestJson<{ plugin: InstalledPlugin }>(`${BASE}/${encodeURIComponent(pluginId)}`, {
    method: 'PATCH',
    body: { enabled },
  })
  return answer.plugin
}

/**
 * Trusts a plugin (its modules then render in Quire's own page) or stops trusting it. Only Quire's own UI
 * calls this, after the person confirmed a warning; a plugin's own requests to /api/v1/plugins/* are refused.
 */
export async function setPluginTrusted(pluginId: string, trusted: boolean): Promise<InstalledPlugin> {
  const answer = await requestJson<{ plugin: InstalledPlugin }>(`${BASE}/${encodeURIComponent(pluginId)}`, {
    method: 'PATCH',
    body: { trusted },
  })
  return answer.plugin
}

export async function setModuleEnabled(
  pluginId: string,
  moduleId: string,
  enabled: boolean,
): Promise<PluginModule> {
  const path = `${BASE}/${encodeURIComponent(pluginId)}/modules/${encodeURIComponent(moduleId)}`
  const answer = await requestJson<{ module: PluginModule }>(path, { method: 'PATCH', body: { enabled } })
  return answer.module
}

export async function uninstallPlugin(slug: string): Promise<void> {
  await requestJson(`${slugPath(slug)}/uninstall`, { method: 'DELETE' })
}

/** The marketplace's entries, in the catalog's order. Rejects (502/404) when the catalog is out of reach. */
export async function listMarketplace(signal?: AbortSignal): Promise<MarketplaceEntry[]> {
  const answer = await requestJson<{ data: { available_plugins: Record<string, MarketplaceEntry> } }>(
    `${BASE}/available`,
    { signal },
  )
  return Object.values(answer.data.available_plugins)
}

/** Asks every plugin's source now (the person pressed the button: the hourly back-off is skipped). */
export async function checkForUpdates(): Promise<UpdateCheck[]> {
  const answer = await requestJson<{ data: { checks: UpdateCheck[] } }>(
    `${BASE}/updates/available?force=true`,
  )
  return answer.data.checks
}

export async function updatePlugin(slug: string): Promise<UpdateResult> {
  const answer = await requestJson<{ data: UpdateResult }>(`${slugPath(slug)}/update`, { method: 'POST' })
  return answer.data
}

async function install(form: FormData, options?: FormProgressOptions): Promise<InstallResult> {
  const answer = await sendFormWithProgress<{ data: InstallResult }>(`${BASE}/install`, form, options)
  return answer.data
}

/** Uploads a .zip or .tar.gz and installs it; `onUploadProgress` follows the upload. */
export function installFromFile(file: File, options?: FormProgressOptions): Promise<InstallResult> {
  const form = new FormData()
  form.append('method', 'upload')
  form.append('file', file, file.name)
  return install(form, options)
}

/** A GitHub repository (its latest release) or an archive URL, downloaded by the host. */
export function installFromUrl(url: string, options?: FormProgressOptions): Promise<InstallResult> {
  const form = new FormData()
  form.append('method', 'url')
  form.append('repo_url', url)
  return install(form, options)
}

export function installFromMarketplace(slug: string, options?: FormProgressOptions): Promise<InstallResult> {
  const form = new FormData()
  form.append('method', 'marketplace')
  form.append('plugin_slug', slug)
  return install(form, options)
}
