import { createSignal, Show } from 'solid-js'
import { ApiRequestError } from '../api/ApiRequestError'
import { saveSettings, type SettingsView } from '../api/settingsApi'
import { APP_VERSION } from '../pwa/appVersion'
import { ClearDataSection } from '../settings/ClearDataSection'
import { DataArchiveSection } from '../settings/DataArchiveSection'
import { EmbedderDownload } from '../settings/EmbedderDownload'
import { ModelSettingsSection } from '../settings/ModelSettingsSection'
import { OcrLanguagesField } from '../settings/OcrLanguagesField'
import '../settings/settings.css'
import { ModelHostSection } from '../settings/ModelHostSection'
import { StorageSection } from '../settings/StorageSection'
import { ThemeSection } from '../settings/ThemeSection'
import { WebSearchSection } from '../settings/WebSearchSection'
import { showToast } from '../toasts/toastStore'
import { usePageTitle } from '../usePageTitle'
import { FormAlert } from '../ui/FormAlert'
import { Screen } from '../ui/Screen'
import { CheckboxField } from '../ui/CheckboxField'
import { FieldGroup } from '../ui/FieldGroup'
import { TextField } from '../ui/TextField'

const HASH_EMBEDDER = 'hash-v1'
const SUGGESTED_MODEL = 'Xenova/bge-small-en-v1.5'

/**
 * How Quire embeds and answers: the embedder used for documents processed from now on (stored
 * vectors keep theirs) and the languages OCR reads scans in, then the language models (one model picker and the servers it lists; saved as
 * chosen), the browser storage Quire uses, clearing it, and the app's version.
 */
export function SettingsPage(props: { settings: SettingsView }) {
  usePageTitle('Settings')
  const initial = props.settings
  const [useModel, setUseModel] = createSignal(initial.embedder.id !== HASH_EMBEDDER)
  const [modelId, setModelId] = createSignal(
    initial.embedder.id === HASH_EMBEDDER ? SUGGESTED_MODEL : initial.embedder.id,
  )
  const [ocrLanguages, setOcrLanguages] = createSignal(initial.ocr_languages)
  const [saving, setSaving] = createSignal(false)
  const [error, setError] = createSignal<string | null>(null)

  const describe = (failure: unknown) =>
    failure instanceof ApiRequestError || failure instanceof Error ? failure.message : String(failure)

  const save = async (event: SubmitEvent) => {
    event.preventDefault()
    setSaving(true)
    setError(null)
    try {
      await saveSettings({
        embedder: { id: useModel() ? modelId().trim() : HASH_EMBEDDER },
        ocr_languages: ocrLanguages(),
      })
      showToast({ message: 'Settings saved' })
    } catch (failure) {
      setError(describe(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Screen class="page-narrow" titleId="settings-title" title="Settings">
      <form class="form" novalidate onSubmit={(event) => void save(event)}>
        <FormAlert message={error()} />
        <FieldGroup
          legend="Embedder"
          hint="Used for documents added from now on; documents already processed keep their vectors. A model is downloaded once (from this server when it hosts it, else from the Hugging Face hub) and then works offline."
        >
          <CheckboxField
            type="radio"
            name="embedder"
            label="Built-in (hash-v1): no download, works everywhere"
            checked={!useModel()}
            onChange={() => setUseModel(false)}
          />
          <CheckboxField
            type="radio"
            name="embedder"
            label="A transformers.js model"
            checked={useModel()}
            onChange={() => setUseModel(true)}
          />
          <Show when={useModel()}>
            {/* Inside the group, under its radio: its box is laid out of the way (display: contents), since
                a nested field's margin would push the group's hint away. */}
            <TextField
              id="embedder-model"
              label="Model id"
              class="settings-nested-field"
              mono
              type="text"
              autocomplete="off"
              value={modelId()}
              onInput={(event) => setModelId(event.currentTarget.value)}
            />
            <EmbedderDownload modelId={modelId()} />
          </Show>
        </FieldGroup>
        <OcrLanguagesField value={ocrLanguages()} onChange={setOcrLanguages} />
        <div class="form-actions">
          <button type="submit" class="button button-primary" disabled={saving()}>
            {saving() ? 'Saving…' : 'Save settings'}
          </button>
        </div>
      </form>
      <ThemeSection />
      <ModelSettingsSection generator={initial.generator} />
      <WebSearchSection />
      <ModelHostSection />
      <StorageSection />
      <DataArchiveSection />
      <ClearDataSection />
      <p id="app-version" class="settings-version">
        Quire version {APP_VERSION}
      </p>
    </Screen>
  )
}
