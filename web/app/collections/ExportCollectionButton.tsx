import { createSignal } from 'solid-js'
import { downloadExport } from '../api/archiveApi'
import { ApiRequestError } from '../api/ApiRequestError'
import { formatBytes } from '../settings/formatBytes'
import { showToast } from '../toasts/toastStore'

/**
 * "Export this collection": the collection as an archive another person's Quire can import (its
 * documents with their processed passages), with the chats about it when the person ticks so.
 */
export function ExportCollectionButton(props: { collectionId: string }) {
  const [received, setReceived] = createSignal<number | null>(null)
  const [withChats, setWithChats] = createSignal(false)

  const exportCollection = async () => {
    setReceived(0)
    try {
      const name = await downloadExport(
        { collection_id: props.collectionId, include_chats: withChats() },
        (bytes) => setReceived(bytes),
      )
      showToast({ message: `Exported the collection as ${name}` })
    } catch (failure) {
      const message =
        failure instanceof ApiRequestError || failure instanceof Error ? failure.message : String(failure)
      showToast({ message: `The export failed: ${message}` })
    } finally {
      setReceived(null)
    }
  }

  return (
    <div class="collection-export">
      <label class="collection-export-chats">
        <input
          type="checkbox"
          checked={withChats()}
          onChange={(event) => setWithChats(event.currentTarget.checked)}
        />{' '}
        with its chats
      </label>
      <button
        type="button"
        class="button"
        disabled={received() !== null}
        onClick={() => void exportCollection()}
      >
        {received() === null ? 'Export this collection' : `Exporting… ${formatBytes(received() ?? 0)}`}
      </button>
    </div>
  )
}
