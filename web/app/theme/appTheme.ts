import { createMemo, createRoot, createSignal, type Accessor } from 'solid-js'
import type { ThemeName } from '../../core/plugins/runtime/frameProtocol'
import { onSettingChange, readSetting, writeSetting } from '../plugins/runtime/pluginSettings'
import { preferenceOf, settingValueOf, THEME_SETTING_ID, type ThemePreference } from './themeSetting'

/**
 * The app's theme: the person's `theme_settings` (light, dark or the system's; a synced setting like
 * BrainDrive's), shown on `<html data-theme>` (styles/tokens.css switches on it), followed by every module
 * (the theme service pushes it into frames) and changed from Settings, or shown by a plugin's setTheme.
 */
interface ThemeStore {
  preference: Accessor<ThemePreference>
  theme: Accessor<ThemeName>
  setPreference(preference: ThemePreference): void
}

let store: ThemeStore | undefined

function themeStore(): ThemeStore {
  if (store) return store
  store = createRoot(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)')
    const [systemDark, setSystemDark] = createSignal(query.matches)
    query.addEventListener('change', (event) => setSystemDark(event.matches))
    const [preference, setPreference] = createSignal<ThemePreference>('system')
    const theme = createMemo<ThemeName>(() => {
      const chosen = preference()
      if (chosen !== 'system') return chosen
      return systemDark() ? 'dark' : 'light'
    })
    createMemo(() => {
      document.documentElement.dataset.theme = theme()
    })
    // A module that saves theme_settings itself (BrainDrive's Settings plugin does) changes it too.
    onSettingChange((id, value) => {
      if (id === THEME_SETTING_ID) setPreference(preferenceOf(value))
    })
    return { preference, theme, setPreference }
  })
  return store
}

/** The theme shown now. */
export function appTheme(): Accessor<ThemeName> {
  return themeStore().theme
}

/** The person's choice (light, dark or system). */
export function themePreference(): Accessor<ThemePreference> {
  return themeStore().preference
}

/** Reads the stored preference (at start, and after synced changes arrived). */
export async function loadThemePreference(): Promise<void> {
  themeStore().setPreference(preferenceOf(await readSetting(THEME_SETTING_ID)))
}

/**
 * Shows and stores a preference: the page follows at once, the setting is saved (and synced), and
 * modules subscribed to `theme_settings` hear the new value.
 */
export async function saveThemePreference(preference: ThemePreference): Promise<void> {
  const current = themeStore()
  current.setPreference(preference)
  await writeSetting(THEME_SETTING_ID, settingValueOf(preference, current.theme()))
}

/**
 * A module's setTheme: this page shows the theme it names, and every module on it follows, but nothing
 * is saved: BrainDrive's themeService.setTheme only shows it (`services/themeService.ts:63`), and
 * whoever wants it kept saves theme_settings itself, as BrainDrive's ThemeSelector and Settings plugin
 * do (Quire follows that setting when they do). A reload, or the saved setting changing, shows the
 * person's preference again.
 */
export function setThemeFromPlugin(theme: ThemeName): Promise<void> {
  themeStore().setPreference(theme)
  return Promise.resolve()
}
