import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import type { StoredRecord } from '../../../store/StoredRecord'
import { toTimestamp } from '../../../kernel/time/Clock'
import { compareSemver, parseSemver } from '../../../plugins/manifest/semver'
import { shown } from '../../../http/shown'
import { fetchJson, type PluginSources } from './installSources'
import { findCatalogEntry, loadCatalog } from './pluginCatalog'
import { pluginKind } from '../../../records/kinds/pluginKind'
import { githubRelease, githubRepoOf } from './installUrl'
import type { RecordPorts } from '../../../records/platformRecords'

/** Checks of one plugin are at most this often, unless forced (`?force=true`). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

/** Where a plugin's newer version is: a version, and where its archive is when the source says. */
export interface LatestVersion {
  version: string
  /** An archive URL the source named (update_check_url's `download_url`); else the update asks the source again. */
  downloadUrl?: string
}

export interface UpdateCheck {
  plugin_id: string
  plugin_slug: string
  /** The plugin's name: BrainDrive's update feed titles each update with it. */
  plugin_name: string
  current_version: string
  latest_version: string | null
  update_available: boolean
  /** Whether a source was asked now; false when the last check is recent, offline, or there is no source. */
  checked: boolean
  /** Why `checked` is false. */
  reason?: string
  last_update_check: string | null
  repo_url: string | null
}

type CheckPorts = Pick<ApiPorts, 'clock'> & RecordPorts & { pluginSources: PluginSources }

/**
 * Whether a newer version of an installed plugin exists, from (in order) its `update_check_url`
 * (JSON with `version`, or `latest_version`, or a GitHub release's `tag_name`), the marketplace
 * catalog it was installed from, or the latest release of its GitHub repository (`source_url` or the
 * URL it was installed from). Versions compare as semantic versions. The answer is stored in the
 * system-managed fields (`last_update_check`, `update_available`, `latest_version`).
 *
 * Checks back off: within UPDATE_CHECK_INTERVAL_MS of the last one the stored answer is given
 * (`checked: false`) unless `force`. A source that cannot be reached (offline, refused, down) is not an
 * error: `update_available` false, `checked: false` with the reason, and nothing stored, so the next
 * request tries again.
 */
export async function checkForUpdate(
  ports: CheckPorts,
  record: StoredRecord,
  options: { force?: boolean } = {},
): Promise<UpdateCheck> {
  const d = record.data
  const current = String(d.version)
  const base = {
    plugin_id: record.id,
    plugin_slug: String(d.plugin_slug),
    plugin_name: String(d.name ?? d.plugin_slug),
    current_version: current,
    repo_url: updateRepoUrl(record) ?? null,
  }
  const last = typeof d.last_update_check === 'string' ? Date.parse(d.last_update_check) : NaN
  const now = ports.clock.now()
  if (!options.force && Number.isFinite(last) && now - last < UPDATE_CHECK_INTERVAL_MS) {
    return {
      ...base,
      latest_version: (d.latest_version as string | null | undefined) ?? null,
      update_available: d.update_available === true,
      checked: false,
      reason: 'checked within the last hour (force=true checks again)',
      last_update_check: String(d.last_update_check),
    }
  }
  let latest: LatestVersion | undefined
  try {
    latest = await latestVersion(ports.pluginSources, record)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return {
      ...base,
      latest_version: (d.latest_version as string | null | undefined) ?? null,
      update_available: false,
      checked: false,
      reason: `the update source could not be read: ${typeof error.detail === 'string' ? error.detail : error.message}`,
      last_update_check: (d.last_update_check as string | null | undefined) ?? null,
    }
  }
  if (!latest) {
    return {
      ...base,
      latest_version: null,
      update_available: false,
      checked: false,
      reason: 'the plugin names no update source (update_check_url, a catalog or a GitHub repository)',
      last_update_check: (d.last_update_check as string | null | undefined) ?? null,
    }
  }
  const updateAvailable = isNewer(latest.version, current)
  const checkedAt = toTimestamp(now)
  // Re-read: the check took network time, and a person may have changed the plugin meanwhile.
  const fresh = (await pluginKind.find(ports, record.id)) ?? record
  await pluginKind.put(
    ports,
    pluginKind.patch(ports, fresh, {
      last_update_check: checkedAt,
      update_available: updateAvailable,
      latest_version: latest.version.replace(/^v/i, ''),
    }),
  )
  return {
    ...base,
    latest_version: latest.version.replace(/^v/i, ''),
    update_available: updateAvailable,
    checked: true,
    last_update_check: checkedAt,
  }
}

/** `candidate` is a semantic version above `current` (a tag `v1.2.0` counts as 1.2.0). */
export function isNewer(candidate: string, current: string): boolean {
  if (!parseSemver(candidate) || !parseSemver(current)) return false
  return compareSemver(candidate, current) > 0
}

/** The newest version the plugin's source offers, or undefined when it names no source. */
export async function latestVersion(
  sources: PluginSources,
  record: StoredRecord,
): Promise<LatestVersion | undefined> {
  const d = record.data
  const checkUrl =
    typeof d.update_check_url === 'string' && d.update_check_url !== '' ? d.update_check_url : undefined
  if (checkUrl) {
    const body = await fetchJson(sources, checkUrl, 'the update check')
    const found = versionIn(body)
    if (!found) throw new ApiError(502, `The update check at ${shown(checkUrl)} names no version`)
    return found
  }
  const source = d.install_source as { method?: string; catalog_id?: string } | undefined
  if (source?.method === 'marketplace') {
    const catalog = await loadCatalog(sources)
    const entry = findCatalogEntry(catalog, source.catalog_id ?? String(d.plugin_slug))
    return { version: entry.version }
  }
  const repoUrl = updateRepoUrl(record)
  const repo = repoUrl ? githubRepoOf(repoUrl) : undefined
  if (repo) {
    const release = await githubRelease(sources, repo, 'latest')
    if (!release) throw new ApiError(502, `github.com/${repo.owner}/${repo.repo} has no published release`)
    return { version: release.tag_name }
  }
  return undefined
}

/** The GitHub repository an update comes from: the plugin's `source_url`, else the URL it was installed from. */
export function updateRepoUrl(record: StoredRecord): string | undefined {
  const source = record.data.install_source as { url?: string } | undefined
  for (const url of [record.data.source_url, source?.url]) {
    if (typeof url === 'string' && githubRepoOf(url)) return url
  }
  return undefined
}

/**
 * The version an update check's JSON names: `version` (Quire's and most hand-written checks),
 * `latest_version`, or `tag_name` (a GitHub release, which BrainDrive's plugins point their
 * update_check_url at); with a `download_url` when it names one.
 */
function versionIn(body: unknown): LatestVersion | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const record = body as Record<string, unknown>
  for (const field of ['version', 'latest_version', 'tag_name']) {
    const value = record[field]
    if (typeof value === 'string' && value.trim() !== '') {
      const downloadUrl = typeof record.download_url === 'string' ? record.download_url : undefined
      return { version: value.trim(), ...(downloadUrl ? { downloadUrl } : {}) }
    }
  }
  return undefined
}
