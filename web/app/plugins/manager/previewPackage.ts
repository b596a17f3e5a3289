import type { ApiRequestError } from '../../api/ApiRequestError'
import { errorFromAnswer } from '../../api/ApiValidationError'
import type { ManifestWarning } from '../../api/pluginsApi'

/** What a plugin archive says about itself, read before anything is installed. */
export interface PackagePreview {
  name: string
  slug: string
  version: string
  author: string
  description: string
  permissions: string[]
  modules: Array<{ name: string; displayName: string }>
  warnings: ManifestWarning[]
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * Reads a plugin archive in the page with the very reader and validator the install runs (the core's
 * `readPluginPackage`, `validateManifest`, `requireBundle`: hostile-input rules, limits, nothing
 * executed), so the person sees the plugin's name and the permissions it asks for BEFORE it is
 * installed. A package the install would refuse is refused here with the same words (an
 * ApiRequestError, or an ApiValidationError listing each broken rule); the install checks it again.
 * Loaded on demand: the reader is only needed once a file is chosen.
 */
export async function previewPackage(bytes: Uint8Array): Promise<PackagePreview> {
  const [{ readPluginPackage, requireBundle }, { validateManifest }, { ApiError }] = await Promise.all([
    import('../../../core/plugins/package/readPluginPackage'),
    import('../../../core/plugins/manifest/validateManifest'),
    import('../../../core/kernel/ApiError'),
  ])
  try {
    const pkg = await readPluginPackage(bytes)
    const valid = validateManifest(pkg.manifest)
    requireBundle(pkg, valid.plugin.bundle_location)
    const plugin = valid.plugin as Record<string, unknown>
    return {
      name: text(plugin.name),
      slug: text(plugin.plugin_slug),
      version: text(plugin.version),
      author: text(plugin.author),
      description: text(plugin.description),
      permissions: Array.isArray(plugin.permissions)
        ? plugin.permissions.filter((p) => typeof p === 'string')
        : [],
      modules: valid.modules.map((module) => {
        const m = module as Record<string, unknown>
        return { name: text(m.name), displayName: text(m.display_name) || text(m.name) }
      }),
      warnings: valid.warnings,
    }
  } catch (error) {
    if (error instanceof ApiError) throw asRequestError(error.status, error.detail)
    throw error
  }
}

/** The core's ApiError as the app's error types, as if the API had answered it. */
function asRequestError(status: number, detail: unknown): ApiRequestError {
  return errorFromAnswer(status, '', { detail })
}
