import { requestJson } from '../../api/requestJson'
import type { PageModuleRef } from '../../../core/plugins/runtime/readPageLayout'

/** A plugin as the runtime needs it, from `GET /api/v1/plugins/manifest`. */
export interface RuntimePlugin {
  /** The record id. */
  id: string
  slug: string
  name: string
  version: string
  scope: string
  bundle: string
  permissions: string[]
  enabled: boolean
  trusted: boolean
  files: string[]
  modules: RuntimeModule[]
}

export interface RuntimeModule {
  id: string
  name: string
  displayName: string
  enabled: boolean
  props: Record<string, unknown>
  required_services: Record<string, { methods?: string[] }>
  sends: unknown
  receives: unknown
  configDefaults: Record<string, unknown>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
const str = (value: unknown) => (typeof value === 'string' ? value : '')

function readModule(raw: Record<string, unknown>): RuntimeModule {
  const services = isRecord(raw.required_services) ? raw.required_services : {}
  const configFields = isRecord(raw.config_fields) ? raw.config_fields : {}
  const messages = isRecord(raw.messages) ? raw.messages : {}
  return {
    id: str(raw.id),
    name: str(raw.name),
    displayName: str(raw.display_name) || str(raw.name),
    enabled: raw.enabled !== false,
    props: isRecord(raw.props) ? raw.props : {},
    required_services: Object.fromEntries(
      Object.entries(services).map(([service, declared]) => [
        service,
        // No method list stays none: the whole service (moduleMayCall, declaredMethods).
        isRecord(declared) && Array.isArray(declared.methods)
          ? { methods: declared.methods.filter((m): m is string => typeof m === 'string') }
          : {},
      ]),
    ),
    sends: messages.sends,
    receives: messages.receives,
    configDefaults: Object.fromEntries(
      Object.entries(configFields).flatMap(([name, field]) =>
        isRecord(field) && field.default !== undefined ? [[name, field.default]] : [],
      ),
    ),
  }
}

function readPlugin(raw: Record<string, unknown>): RuntimePlugin {
  return {
    id: str(raw.database_id) || str(raw.id),
    slug: str(raw.plugin_slug) || str(raw.id),
    name: str(raw.name),
    version: str(raw.version),
    scope: str(raw.scope),
    bundle: (str(raw.bundle_location) || 'dist/remoteEntry.js').replace(/^\/+/, ''),
    permissions: Array.isArray(raw.permissions)
      ? raw.permissions.filter((p): p is string => typeof p === 'string')
      : [],
    enabled: raw.enabled !== false,
    trusted: raw.trusted === true,
    files: isRecord(raw.files) ? Object.keys(raw.files) : [],
    modules: Array.isArray(raw.modules) ? raw.modules.filter(isRecord).map(readModule) : [],
  }
}

/** Every installed plugin with its modules. */
export async function loadPluginManifest(signal?: AbortSignal): Promise<RuntimePlugin[]> {
  const body = await requestJson<unknown>('/api/v1/plugins/manifest', { signal })
  return isRecord(body) ? Object.values(body).filter(isRecord).map(readPlugin) : []
}

const bare = (id: string) => id.replace(/-/g, '').toLowerCase()

/**
 * The plugin and module a page's module names: `pluginId` is the slug (BrainDrive's pages) or the
 * record id; the module is found by `moduleId` (its id or its name) or `moduleName`.
 */
export function findPageModule(
  plugins: readonly RuntimePlugin[],
  ref: PageModuleRef,
): { plugin: RuntimePlugin; module: RuntimeModule } | undefined {
  const plugin =
    plugins.find((p) => p.slug === ref.pluginId) ?? plugins.find((p) => bare(p.id) === bare(ref.pluginId))
  if (!plugin) return undefined
  const wanted = [ref.moduleId, ref.moduleName].filter((v): v is string => v !== undefined)
  const module =
    plugin.modules.find((m) => wanted.some((w) => bare(m.id) === bare(w) && m.id !== '')) ??
    plugin.modules.find((m) => wanted.includes(m.name)) ??
    (wanted.length === 0 && plugin.modules.length === 1 ? plugin.modules[0] : undefined)
  return module ? { plugin, module } : undefined
}
