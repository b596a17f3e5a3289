import { ApiError } from '../../kernel/ApiError'
import { readLifecycleManager } from '../manifest/readLifecycleManager'
import type { PackageFile, PluginPackage } from './PluginPackage'

const utf8 = new TextDecoder('utf-8', { fatal: true })

function manifestProblem(file: string, msg: string): ApiError {
  return ApiError.unprocessable([{ loc: ['body', 'file', file], msg, type: 'value_error' }])
}

function text(file: PackageFile): string {
  try {
    return utf8.decode(file.bytes)
  } catch {
    throw manifestProblem(file.path, `${file.path} is not UTF-8 text`)
  }
}

/**
 * The package's manifest, read and never run: `plugin.json` at its root (`{plugin_data, module_data}`),
 * else BrainDrive's `lifecycle_manager.py`, whose literals readLifecycleManager reads statically. A
 * `plugin.json` of another shape beside a lifecycle manager is the plugin's own metadata (BrainDrive's
 * Events example ships one; BrainDrive's installer reads only the lifecycle manager), so the lifecycle
 * manager is read then. Throws 422 when neither is there or the one there cannot be read. What the
 * values say is validateManifest's to judge.
 */
export function readPackageManifest(
  files: PackageFile[],
): Pick<PluginPackage, 'manifest' | 'manifestSource'> {
  const pluginJson = files.find((file) => file.path === 'plugin.json')
  const lifecycleManager = files.find((file) => file.path === 'lifecycle_manager.py')
  if (pluginJson && !(lifecycleManager && !isQuireManifest(pluginJson))) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text(pluginJson))
    } catch (error) {
      if (error instanceof ApiError) throw error
      throw manifestProblem(
        'plugin.json',
        `plugin.json is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      Array.isArray(parsed) ||
      !('plugin_data' in parsed)
    ) {
      throw manifestProblem(
        'plugin.json',
        'plugin.json must be a JSON object of the form {"plugin_data": {...}, "module_data": [...]}',
      )
    }
    const { plugin_data, module_data, required_services_runtime } = parsed as {
      plugin_data: unknown
      module_data?: unknown
      required_services_runtime?: unknown
    }
    return {
      manifest: { plugin_data, module_data, required_services_runtime },
      manifestSource: 'plugin.json',
    }
  }
  if (lifecycleManager) {
    return { manifest: readLifecycleManager(text(lifecycleManager)), manifestSource: 'lifecycle_manager.py' }
  }
  throw ApiError.unprocessable([
    {
      loc: ['body', 'file'],
      msg: 'The package has no plugin.json or lifecycle_manager.py at its root',
      type: 'value_error',
    },
  ])
}

/** Whether `plugin.json` is JSON with `plugin_data` at its top: a manifest, not other metadata. */
function isQuireManifest(file: PackageFile): boolean {
  try {
    const parsed: unknown = JSON.parse(utf8.decode(file.bytes))
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && 'plugin_data' in parsed
  } catch {
    return false
  }
}
