/**
 * The words of `spec/plugin-metadata.md`: the config field types and the services table (the
 * runtime offers exactly these), and the values the spec calls "common" (examples, not the full
 * allowed sets), which validateManifest only warns about when a plugin uses others.
 */

export const CONFIG_FIELD_TYPES = [
  'text',
  'number',
  'boolean',
  'select',
  'textarea',
  'color',
  'date',
  'time',
] as const
export type ConfigFieldType = (typeof CONFIG_FIELD_TYPES)[number]

/**
 * The services and methods a manifest may declare without a warning: every method of BrainDrive's contract
 * the runtime offers (`braindriveContract.ts`), beyond the spec's short table (which omits `setTheme`,
 * `pluginState` and the rest real plugins declare).
 */
export { SERVICE_METHODS } from '../runtime/frameProtocol'

export const COMMON_PLUGIN_CATEGORIES = [
  'productivity',
  'communication',
  'data',
  'ai',
  'utility',
  'entertainment',
]
export const COMMON_MODULE_CATEGORIES = [...COMMON_PLUGIN_CATEGORIES, 'visualization']
export const COMMON_PERMISSIONS = [
  'storage.read',
  'storage.write',
  'api.access',
  'network.request',
  'file.access',
  'notification.send',
]
export const COMMON_VALUES = {
  type: ['frontend', 'backend', 'fullstack'],
  bundle_method: ['webpack', 'rollup', 'vite'],
  installation_type: ['remote', 'local', 'manual'],
  source_type: ['github', 'gitlab', 'npm', 'custom', 'local'],
} as const

/** Kept by the system (update checks), never taken from a plugin's own record. */
export const SYSTEM_MANAGED_FIELDS = ['last_update_check', 'update_available', 'latest_version'] as const
