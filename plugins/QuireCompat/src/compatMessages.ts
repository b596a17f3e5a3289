// The channels the two modules talk on (BrainDrive names a channel after the module it is for) and the
// setting the panel keeps.
export const PANEL_CHANNEL = 'QuireCompatPanel'
export const SWITCHER_CHANNEL = 'QuireCompatSwitcher'
export const SETTING_ID = 'quire_compat_settings'

export interface CompatMessage {
  type: string
  content: { text: string }
}

export function readMessage(message: unknown): CompatMessage | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const { type, content } = message as Record<string, unknown>
  if (typeof type !== 'string' || typeof content !== 'object' || content === null) return undefined
  const text = (content as Record<string, unknown>).text
  return typeof text === 'string' ? { type, content: { text } } : undefined
}

export const palettes = {
  light: { background: '#ffffff', color: '#1f2328', border: '#d0d7de' },
  dark: { background: '#161b22', color: '#e6edf3', border: '#30363d' },
}

/** A module's box in `theme`'s colours, bordered and padded alike in every module of the plugin. */
export function themedBoxStyle(theme: string) {
  const palette = theme === 'dark' ? palettes.dark : palettes.light
  return { ...palette, border: `1px solid ${palette.border}`, padding: 12, fontFamily: 'system-ui' }
}
