import { createSignal, type Accessor } from 'solid-js'
import type { ThemeName } from '../../../core/plugins/runtime/frameProtocol'

// Quire's theme follows the system's colour scheme (styles.css switches on prefers-color-scheme), so
// the theme service does too: modules hear about a change when the app's own colours change.
let theme: Accessor<ThemeName> | undefined

export function appTheme(): Accessor<ThemeName> {
  if (theme) return theme
  const query = window.matchMedia('(prefers-color-scheme: dark)')
  const [current, setCurrent] = createSignal<ThemeName>(query.matches ? 'dark' : 'light')
  query.addEventListener('change', (event) => setCurrent(event.matches ? 'dark' : 'light'))
  theme = current
  return theme
}
