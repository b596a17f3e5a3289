import { ApiError } from '../../../kernel/ApiError'
import type { StoredRecord } from '../../../store/StoredRecord'
import { latestVersion, isNewer, updateRepoUrl } from './checkForUpdate'
import {
  installPlugin,
  type InstallOptions,
  type InstallPorts,
  type InstallResult,
  type InstallSource,
} from './installPlugin'
import { fetchBytes, type PluginSources } from './installSources'
import { downloadFromUrl, githubRepoOf } from './installUrl'
import { pluginModuleKind } from '../../../records/kinds/pluginModuleKind'
import { downloadCatalogEntry, findCatalogEntry, loadCatalog } from './pluginCatalog'

export interface UpdateOutcome extends InstallResult {
  previous_version: string
  new_version: string
}

/**
 * Installs the newest version of an installed plugin over it, from where it came: the archive its
 * update check names, its marketplace catalog entry, its GitHub repository's latest release, or the
 * archive URL it was installed from. The plugin keeps its id, enabled state, trust and modules'
 * choices (`savePluginRecords`), and its old files stay until the new ones are stored. A package that
 * is not newer changes nothing (`unchanged`). No source -> 400, as BrainDrive answers a plugin without
 * a source URL. `options`: the install's progress and signal (a job's).
 */
export async function updatePlugin(
  ports: InstallPorts & { pluginSources: PluginSources },
  record: StoredRecord,
  options: Pick<InstallOptions, 'onProgress' | 'signal'> = {},
): Promise<UpdateOutcome> {
  const sources = ports.pluginSources
  const previous = String(record.data.version)
  const source = record.data.install_source as
    { method?: string; url?: string; catalog_id?: string } | undefined
  const latest = await latestVersion(sources, record)
  if (latest && !isNewer(latest.version, previous)) return unchanged(ports, record, previous)

  let bytes: Uint8Array
  if (latest?.downloadUrl) {
    const checkUrl = String(record.data.update_check_url)
    const url = new URL(latest.downloadUrl, checkUrl).href
    bytes = await fetchBytes(sources, url, 'the plugin archive', sources.maxDownloadBytes)
  } else if (source?.method === 'marketplace') {
    const catalog = await loadCatalog(sources)
    const entry = findCatalogEntry(catalog, source.catalog_id ?? String(record.data.plugin_slug))
    bytes = (await downloadCatalogEntry(sources, catalog, entry)).bytes
  } else if (updateRepoUrl(record)) {
    bytes = (await downloadFromUrl(sources, updateRepoUrl(record)!, 'latest')).bytes
  } else if (source?.url && !githubRepoOf(source.url)) {
    bytes = (await downloadFromUrl(sources, source.url)).bytes
  } else {
    throw ApiError.badRequest(
      `Plugin '${String(record.data.plugin_slug)}' does not have a source to update from (it was ${
        source?.method === 'upload'
          ? 'uploaded as a file: upload the new version'
          : 'not installed from a URL or a catalog'
      })`,
    )
  }
  const result = await installPlugin(ports, bytes, record.data.install_source as InstallSource, {
    ...options,
    replaces: record,
    onlyNewer: true,
  })
  return { ...result, previous_version: previous, new_version: String(result.plugin.data.version) }
}

async function unchanged(ports: InstallPorts, record: StoredRecord, version: string): Promise<UpdateOutcome> {
  return {
    plugin: record,
    modules: await pluginModuleKind.list(ports, record.id),
    warnings: [],
    unchanged: true,
    previous_version: version,
    new_version: version,
  }
}
