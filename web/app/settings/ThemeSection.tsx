import { createSignal, For } from 'solid-js'
import { saveThemePreference, themePreference } from '../theme/appTheme'
import type { ThemePreference } from '../theme/themeSetting'
import { FormAlert } from '../ui/FormAlert'
import { CheckboxField } from '../ui/CheckboxField'
import { FieldGroup } from '../ui/FieldGroup'

const CHOICES: Array<{ value: ThemePreference; label: string }> = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/**
 * The app's theme: light, dark or the system's. Saved at once as the `theme_settings` setting (synced to
 * the person's other devices); every page, built-in module and plugin frame follows it.
 */
export function ThemeSection() {
  const preference = themePreference()
  const [error, setError] = createSignal<string | null>(null)
  const choose = (value: ThemePreference) => {
    setError(null)
    saveThemePreference(value).catch((reason: unknown) =>
      setError(reason instanceof Error ? reason.message : 'The theme could not be saved'),
    )
  }
  return (
    <section class="settings-section" aria-labelledby="theme-title">
      <h2 id="theme-title" class="settings-section-title">
        Theme
      </h2>
      <FieldGroup
        legend="Colours"
        hint="Saved at once and used on your other devices too. Plugins that follow BrainDrive’s theme service follow it, and may change it."
      >
        <For each={CHOICES}>
          {(choice) => (
            <CheckboxField
              type="radio"
              name="theme"
              label={choice.label}
              value={choice.value}
              checked={preference() === choice.value}
              onChange={() => choose(choice.value)}
            />
          )}
        </For>
      </FieldGroup>
      <FormAlert message={error()} />
    </section>
  )
}
