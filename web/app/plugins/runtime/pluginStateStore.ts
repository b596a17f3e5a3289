import { ServiceError } from './runApiPlan'

/**
 * Where a plugin's page state lives: this tab's sessionStorage, under the plugin, as BrainDrive keeps it
 * (`services/SessionStorageManager.ts:38`, `braindrive_plugin_state_<pluginId>`): it outlives a reload
 * and the page, not the tab. The key is the host's choice from the module's own plugin, never the
 * module's argument, so one plugin cannot reach another's state.
 */
const PREFIX = 'quire_plugin_state:'

/** BrainDrive's default maxStateSize is smaller; a state larger than this is refused rather than cut. */
export const MAX_PLUGIN_STATE_BYTES = 1024 * 1024

export function savePluginState(slug: string, state: unknown): void {
  let text: string | undefined
  try {
    text = JSON.stringify(state)
  } catch {
    throw new ServiceError('The plugin state must be JSON data', 400)
  }
  if (text === undefined) throw new ServiceError('The plugin state must be JSON data', 400)
  if (text.length > MAX_PLUGIN_STATE_BYTES) {
    throw new ServiceError(`The plugin state is larger than ${MAX_PLUGIN_STATE_BYTES} bytes`, 413)
  }
  try {
    sessionStorage.setItem(PREFIX + slug, text)
  } catch {
    throw new ServiceError('The browser has no room left for the plugin state', 507)
  }
}

/** The saved state, or null when there is none (BrainDrive's getPluginState answers null then). */
export function loadPluginState(slug: string): unknown {
  const text = sessionStorage.getItem(PREFIX + slug)
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

export function clearPluginState(slug: string): void {
  sessionStorage.removeItem(PREFIX + slug)
}
