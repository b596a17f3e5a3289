import type { ThemeName } from '../../core/plugins/runtime/frameProtocol'

/** The person's choice: a theme, or the system's colour scheme. */
export type ThemePreference = 'light' | 'dark' | 'system'

/** `theme_settings`' value, in BrainDrive's shape (its Settings plugin reads and writes it so). */
export interface ThemeSettingValue {
  theme: ThemeName
  useSystemTheme: boolean
}

export const THEME_SETTING_ID = 'theme_settings'

/** The preference a stored value means; anything unreadable means the system's. */
export function preferenceOf(value: unknown): ThemePreference {
  if (typeof value !== 'object' || value === null) return 'system'
  const { theme, useSystemTheme } = value as Record<string, unknown>
  if (useSystemTheme === true) return 'system'
  return theme === 'dark' || theme === 'light' ? theme : 'system'
}

/** The value that stores a preference; `system` keeps the theme shown now as BrainDrive's `theme`. */
export function settingValueOf(preference: ThemePreference, shown: ThemeName): ThemeSettingValue {
  return preference === 'system'
    ? { theme: shown, useSystemTheme: true }
    : { theme: preference, useSystemTheme: false }
}
