import { createSignal, Show } from 'solid-js'
import { describeImport, downloadExport, importArchiveFile, settingsLeftOut } from '../api/archiveApi'
import { ApiRequestError } from '../api/ApiRequestError'
import { showToast } from '../toasts/toastStore'
import { FormAlert } from '../ui/FormAlert'
import { formatBytes } from './formatBytes'
import { askPersistentStorage } from './persistentStorage'

/**
 * "Your data": the person's whole data as one archive (collections, documents with their processed
 * passages, chats, pages, settings without API keys), and an import of such an archive, from either
 * host. Progress: the bytes of the export received; the import's upload, then its processing.
 */
export function DataArchiveSection() {
  const [exporting, setExporting] = createSignal<number | null>(null)
  const [importing, setImporting] = createSignal<string | null>(null)
  const [result, setResult] = createSignal<string | null>(null)
  const [error, setError] = createSignal<string | null>(null)
  /** An account's archive whose settings were left out: offered to restore, with the person's consent. */
  const [settingsOffer, setSettingsOffer] = createSignal<File | null>(null)
  let fileInput: HTMLInputElement | undefined

  const describe = (failure: unknown) =>
    failure instanceof ApiRequestError || failure instanceof Error ? failure.message : String(failure)

  const exportAll = async () => {
    setError(null)
    setResult(null)
    setExporting(0)
    try {
      const name = await downloadExport({}, (received) => setExporting(received))
      showToast({ message: `Exported your data as ${name}` })
    } catch (failure) {
      setError(describe(failure))
    } finally {
      setExporting(null)
    }
  }

  const importFile = async (file: File, restoreSettings = false) => {
    setError(null)
    setResult(null)
    setSettingsOffer(null)
    setImporting('Uploading… 0%')
    try {
      // A whole person's data arrives at once: the browser is asked to keep it first (said if refused).
      if (!restoreSettings) await askPersistentStorage('import', file.size)
      const summary = await importArchiveFile(
        file,
        (share) => setImporting(share < 1 ? `Uploading… ${Math.round(share * 100)}%` : 'Importing…'),
        { restoreSettings },
      )
      setResult(
        restoreSettings && summary.settings_restored
          ? 'Restored the archive’s settings.'
          : describeImport(summary),
      )
      if (settingsLeftOut(summary)) setSettingsOffer(file)
    } catch (failure) {
      setError(describe(failure))
    } finally {
      setImporting(null)
      if (fileInput) fileInput.value = ''
    }
  }

  return (
    <section class="settings-section" aria-labelledby="data-archive-title">
      <h2 id="data-archive-title" class="settings-section-title">
        Your data
      </h2>
      <p class="field-hint">
        Take everything with you as one .zip file: collections, documents with their processed passages,
        chats, pages and settings (API keys are left out). Import it here or into another Quire, in a browser
        or on a server; importing the same file twice adds nothing.
      </p>
      <FormAlert message={error()} />
      <Show when={result()}>
        <p class="field-hint" role="status" data-testid="import-result">
          {result()}
        </p>
      </Show>
      <Show when={settingsOffer()}>
        {(file) => (
          <div class="form-actions">
            <button type="button" class="button" onClick={() => void importFile(file(), true)}>
              Restore its settings over mine
            </button>
            <button type="button" class="button" onClick={() => setSettingsOffer(null)}>
              Keep my settings
            </button>
          </div>
        )}
      </Show>
      <div class="form-actions">
        <button type="button" class="button" disabled={exporting() !== null} onClick={() => void exportAll()}>
          {exporting() === null ? 'Export my data' : `Exporting… ${formatBytes(exporting() ?? 0)}`}
        </button>
        <button
          type="button"
          class="button"
          disabled={importing() !== null}
          onClick={() => fileInput?.click()}
        >
          {importing() ?? 'Import'}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".zip,application/zip"
          hidden
          aria-label="Archive to import"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            if (file) void importFile(file)
          }}
        />
      </div>
    </section>
  )
}
