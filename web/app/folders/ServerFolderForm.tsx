import { createSignal, createUniqueId, For } from 'solid-js'
import { ApiRequestError, errorDetail } from '../api/ApiRequestError'
import { followServerFolder, type FolderStatus } from '../api/foldersApi'
import { FormAlert } from '../ui/FormAlert'

export interface ServerFolderFormProps {
  collectionId: string
  /** The folders the server lets this person follow one inside (its operator's FOLDER_ROOTS). */
  roots: readonly string[]
  /** Followed: the server checked the folder once. */
  onFollowed: (status: FolderStatus) => void
}

/** Said instead of the server's bare 404 while the collection has not reached it (sync is a few seconds behind). */
const NOT_ON_SERVER =
  'The server does not have this collection yet: it arrives with the next sync, in a few seconds. Try again then.'

/**
 * Follow a folder on the sync server (issue 43): the person enters a path inside one of the roots the
 * operator allows, shown here; the server checks the path where it enters (`..`, links out of a root,
 * another person's root) and its refusal is shown in its own words.
 */
export function ServerFolderForm(props: ServerFolderFormProps) {
  const inputId = createUniqueId()
  const rootsId = createUniqueId()
  const [path, setPath] = createSignal(props.roots[0] ? `${props.roots[0].replace(/\/+$/, '')}/` : '')
  const [busy, setBusy] = createSignal(false)
  const [error, setError] = createSignal<string>()

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      props.onFollowed(await followServerFolder(props.collectionId, path().trim()))
    } catch (failure) {
      const notThere =
        failure instanceof ApiRequestError && failure.status === 404 && /collection/i.test(failure.message)
      setError(notThere ? NOT_ON_SERVER : errorDetail(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form class="folder-server-form" onSubmit={(event) => void submit(event)}>
      <p>
        Or keep it in step with a folder on the sync server: the server reads it, also while this device is
        off, and its documents reach your devices by sync. It may read folders inside:
      </p>
      <ul id={rootsId} aria-label="Folders the server may read">
        <For each={props.roots}>{(root) => <li class="folder-file-path">{root}</li>}</For>
      </ul>
      <label for={inputId}>Folder on the server</label>
      <div class="folder-actions">
        <input
          id={inputId}
          class="input"
          type="text"
          spellcheck={false}
          autocomplete="off"
          aria-describedby={rootsId}
          value={path()}
          onInput={(event) => setPath(event.currentTarget.value)}
        />
        <button type="submit" class="button" disabled={busy() || !path().trim()}>
          Follow on the server
        </button>
      </div>
      <FormAlert message={error()} />
    </form>
  )
}
