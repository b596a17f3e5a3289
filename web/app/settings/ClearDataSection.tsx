import { createSignal, Show } from 'solid-js'
import { clearLocalData } from '../../browser/api/clearLocalData'
import { ConfirmDialog } from '../ui/ConfirmDialog'

/**
 * Deletes everything Quire keeps in this browser, after asking. The API worker deletes its database and
 * the downloaded models; the app then starts again from its first page, on an empty database.
 */
export function ClearDataSection() {
  const [confirming, setConfirming] = createSignal(false)
  let opener: HTMLButtonElement | undefined

  const clear = async () => {
    await clearLocalData()
    // A fresh start: the worker's store is closed, and every page's cached data is stale.
    window.location.assign('/')
  }

  return (
    <section class="settings-section" aria-labelledby="clear-title">
      <h2 id="clear-title" class="settings-section-title">
        Clear data
      </h2>
      <p class="field-hint">
        Deletes every collection, document, chat, evaluation and setting stored in this browser, and the
        models it downloaded. The app itself stays installed and works offline.
      </p>
      <div class="form-actions">
        <button ref={opener} type="button" class="button button-danger" onClick={() => setConfirming(true)}>
          Clear all data
        </button>
      </div>
      <Show when={confirming()}>
        <ConfirmDialog
          title="Clear all data?"
          confirmLabel="Delete everything"
          destructive
          onConfirm={clear}
          onCancel={() => setConfirming(false)}
          returnFocus={() => opener}
        >
          Everything Quire stores in this browser will be deleted. This cannot be undone.
        </ConfirmDialog>
      </Show>
    </section>
  )
}
