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

export function paletteOf(theme: string) {
  return theme === 'dark' ? palettes.dark : palettes.light
}
