import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts, PluginProgress } from '../../ApiPorts'
import { sha256Hex } from '../../../store/FileStore'
import type { Store } from '../../../store/Store'
import type { StoredRecord } from '../../../store/StoredRecord'
import { validateManifest, type ManifestWarning } from '../../../plugins/manifest/validateManifest'
import { readPluginPackage, requireBundle } from '../../../plugins/package/readPluginPackage'
import { conflict } from '../platformErrors'
import { deleteUnusedFiles } from '../../../plugins/pluginFiles'
import { findPluginBySlug } from './pluginLookup'
import type { PluginRecordData } from '../../../records/kinds/pluginKind'
import { pluginModuleKind } from '../../../records/kinds/pluginModuleKind'
import { isNewer } from './checkForUpdate'
import { savePluginRecords } from './savePluginRecords'

/**
 * The slug Quire's own modules go by in a page's content (`{pluginId: 'quire', moduleId: 'Chat'}`, see
 * web/app/builtins): no plugin may take it, or its modules would be mistaken for Quire's.
 */
export const RESERVED_PLUGIN_SLUG = 'quire'

/** 422 naming `plugin_slug` when a plugin would take the reserved slug (any case: `Quire` too). */
export function refuseReservedSlug(slug: string): void {
  if (slug.toLowerCase() !== RESERVED_PLUGIN_SLUG) return
  throw ApiError.unprocessable([
    {
      loc: ['body', 'plugin_data', 'plugin_slug'],
      msg: `'${slug}' is reserved for Quire's own modules; choose another plugin_slug`,
      type: 'value_error',
    },
  ])
}

/** Where a package came from, kept on the plugin record (`install_source`): updates look there again. */
export type InstallSource = PluginRecordData['install_source']

/** An install writes plugin records and files, and deletes files nothing uses any more (documents' included). */
export type InstallPorts = Pick<ApiPorts, 'files' | 'clock' | 'newId' | 'currentUserId'> & {
  store: Pick<Store, 'records' | 'documents'>
}

export interface InstallOptions {
  /** An update: the installed plugin this package replaces (same slug), keeping its id, choices and trust. */
  replaces?: StoredRecord
  /** With `replaces`: leave the plugin as it is when the package's version is not above the installed one. */
  onlyNewer?: boolean
  /**
   * Progress by stage: `unpacking`, `validating`, `storing` (percent by files) and `saving`, each
   * from 0 to 100 (a host with jobs reports them; `downloading` comes from the download before).
   */
  onProgress?: PluginProgress
  /** Stops the install before storing files and before saving (a cancelled job): nothing is left. */
  signal?: AbortSignal
}

export interface InstallResult {
  plugin: StoredRecord
  modules: StoredRecord[]
  warnings: ManifestWarning[]
  /** True when `onlyNewer` found nothing newer: nothing was stored, `plugin` is the installed one. */
  unchanged?: boolean
}

/**
 * Installs a plugin package (a .zip or .tar.gz's bytes), all or nothing:
 * readPluginPackage (hostile input: 400/422) -> validateManifest (422 naming every field) ->
 * requireBundle (422) -> the slug is not the reserved `quire` (422) -> the slug must be free (409, unless this is an update of that plugin) ->
 * every file into the FileStore -> the plugin and its modules in one batch (`savePluginRecords`).
 * If anything fails after files were stored, the files this install added that nothing else uses are
 * deleted again, so a failed install leaves neither a record nor an orphan file. On an update the old
 * version's files stay until the new records are stored, and are then deleted where nothing uses them.
 */
export async function installPlugin(
  ports: InstallPorts,
  bytes: Uint8Array,
  source: InstallSource,
  options: InstallOptions = {},
): Promise<InstallResult> {
  const progress = options.onProgress ?? (() => undefined)
  progress('unpacking', 0)
  const pkg = await readPluginPackage(bytes)
  progress('unpacking', 100)
  progress('validating', 0)
  const manifest = validateManifest(pkg.manifest)
  requireBundle(pkg, String(manifest.plugin.bundle_location))
  const slug = String(manifest.plugin.plugin_slug)
  refuseReservedSlug(slug)
  const old = options.replaces
  if (old) {
    if (String(old.data.plugin_slug) !== slug) {
      throw ApiError.unprocessable([
        {
          loc: ['body', 'plugin_data', 'plugin_slug'],
          msg: `The package is the plugin '${slug}', not '${String(old.data.plugin_slug)}' that it would update`,
          type: 'value_error',
        },
      ])
    }
    if (options.onlyNewer && !isNewer(String(manifest.plugin.version), String(old.data.version))) {
      return {
        plugin: old,
        modules: await pluginModuleKind.list(ports, old.id),
        warnings: manifest.warnings,
        unchanged: true,
      }
    }
  } else {
    const taken = await findPluginBySlug(ports, slug)
    if (taken) {
      throw conflict(
        `Plugin '${slug}' is already installed (version ${String(taken.data.version)}); update or uninstall it first`,
      )
    }
  }

  progress('validating', 100)

  const added: string[] = []
  try {
    const files: Record<string, string> = {}
    progress('storing', 0)
    for (const [index, file] of pkg.files.entries()) {
      options.signal?.throwIfAborted()
      // A key already present belongs to something else too (another plugin, a document): not ours to delete.
      const before = await ports.files.get(await sha256Hex(file.bytes))
      const key = await ports.files.put(file.bytes)
      if (!before) added.push(key)
      files[file.path] = key
      progress('storing', (100 * (index + 1)) / pkg.files.length)
    }
    options.signal?.throwIfAborted()
    progress('saving', 0)
    const saved = await savePluginRecords(ports, manifest, {
      replaces: old,
      files,
      status: 'installed',
      install_source: source,
      last_update_check: old ? ((old.data.last_update_check as string | null | undefined) ?? null) : null,
    })
    if (old) {
      const oldKeys = Object.values((old.data.files as Record<string, string> | undefined) ?? {})
      await deleteUnusedFiles(ports, oldKeys).catch(() => undefined)
    }
    progress('saving', 100)
    return { ...saved, warnings: manifest.warnings }
  } catch (error) {
    await deleteUnusedFiles(ports, added).catch(() => undefined)
    throw error
  }
}
