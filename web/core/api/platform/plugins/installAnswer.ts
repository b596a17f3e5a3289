import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import type { ApiResult } from '../../../kernel/ApiResult'
import type { InstallResult } from './installPlugin'
import type { PluginSources } from './installSources'
import { pluginBaseUrl, pluginView } from './pluginViews'

/**
 * A plugin slug in a path: letters, digits, `_`, `-` and `.` (BrainDrive's slugs are PascalCase or
 * kebab-case); anything else names no plugin and answers 404.
 */
export const PLUGIN_SLUG_PARAMS = z.object({ plugin_slug: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/) })

/** The host's plugin sources; a host without them cannot fetch (503 saying so). */
export function installSourcesOf(ports: Pick<ApiPorts, 'pluginSources'>): PluginSources {
  if (!ports.pluginSources) throw new ApiError(503, 'This host cannot download plugins')
  return ports.pluginSources
}

/**
 * BrainDrive's install answer `{status: 'success', message, data: {plugin_id, plugin_slug,
 * modules_created, plugin_directory, source, ...}}`, with Quire's `warnings` (guidance the manifest does
 * not meet) and the installed plugin as the manifest endpoints show it.
 */
export function installAnswer(
  result: InstallResult,
  message: string,
  extra: Record<string, unknown>,
): ApiResult {
  const { plugin, modules } = result
  return {
    status: 200,
    body: {
      status: 'success',
      message,
      data: {
        plugin_id: plugin.id,
        plugin_slug: String(plugin.data.plugin_slug),
        plugin_name: String(plugin.data.name),
        modules_created: modules.map((module) => module.id),
        // Where BrainDrive names the folder it unpacked into: here, where the files are served.
        plugin_directory: pluginBaseUrl(plugin.id, String(plugin.data.version)),
        plugin_type: plugin.data.type ?? 'frontend',
        ...extra,
        warnings: result.warnings,
        plugin: pluginView(plugin, modules),
      },
    },
  }
}
