import type { SettingsService } from './SettingsService'

/** The embedder and answer generator settings, over the host's defaults. */
export interface SettingsPorts {
  settings: SettingsService
}
