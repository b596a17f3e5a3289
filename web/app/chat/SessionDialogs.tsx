import { createSignal, createUniqueId, For, Match, Show, Switch } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import type { ChatSession } from '../api/chatApi'
import type { Collection } from '../api/collectionsApi'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { Dialog } from '../components/Dialog'

export type SessionDialog =
  { kind: 'new' } | { kind: 'rename'; session: ChatSession } | { kind: 'delete'; session: ChatSession }

export interface SessionDialogsProps {
  dialog: SessionDialog | undefined
  collections: Collection[]
  onCreate: (name: string, collectionId: string | null) => Promise<void>
  onRename: (session: ChatSession, name: string) => Promise<void>
  onDelete: (session: ChatSession) => Promise<void>
  onCancel: () => void
  fallbackFocus: () => HTMLElement | undefined
}

/** The sidebar's dialogs: a new chat (name and collection), rename, and delete with confirmation. */
export function SessionDialogs(props: SessionDialogsProps) {
  return (
    <Switch>
      <Match when={props.dialog?.kind === 'new'}>
        <SessionForm
          title="New chat"
          submitLabel="Start chat"
          initialName="New chat"
          collections={props.collections}
          onSubmit={(name, collectionId) => props.onCreate(name, collectionId)}
          onCancel={props.onCancel}
        />
      </Match>
      <Match when={props.dialog?.kind === 'rename' && props.dialog.session} keyed>
        {(session) => (
          <SessionForm
            title="Rename chat"
            submitLabel="Rename"
            initialName={session.name}
            onSubmit={(name) => props.onRename(session, name)}
            onCancel={props.onCancel}
          />
        )}
      </Match>
      <Match when={props.dialog?.kind === 'delete' && props.dialog.session} keyed>
        {(session) => (
          <ConfirmDialog
            title="Delete this chat?"
            confirmLabel="Delete"
            destructive
            onConfirm={() => props.onDelete(session)}
            onCancel={props.onCancel}
            // The opener (the row's Delete button) goes with the row.
            fallbackFocus={props.fallbackFocus}
          >
            <p>“{session.name}” and all its messages will be deleted. Your documents are not affected.</p>
          </ConfirmDialog>
        )}
      </Match>
    </Switch>
  )
}

interface SessionFormProps {
  title: string
  submitLabel: string
  initialName: string
  /** Present only when creating: which collection the chat searches. */
  collections?: Collection[]
  onSubmit: (name: string, collectionId: string | null) => Promise<void>
  onCancel: () => void
}

function SessionForm(props: SessionFormProps) {
  const ids = { title: createUniqueId(), name: createUniqueId(), collection: createUniqueId() }
  const [name, setName] = createSignal(props.initialName)
  const [collectionId, setCollectionId] = createSignal('')
  const [error, setError] = createSignal<string>()
  const [pending, setPending] = createSignal(false)
  let nameInput!: HTMLInputElement

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (pending()) return
    const trimmed = name().trim()
    if (!trimmed) {
      setError('Give the chat a name.')
      return nameInput.focus()
    }
    setPending(true)
    setError(undefined)
    try {
      await props.onSubmit(trimmed, collectionId() || null)
    } catch (caught) {
      setError(errorDetail(caught))
      setPending(false)
    }
  }

  return (
    <Dialog
      labelledBy={ids.title}
      onClose={() => !pending() && props.onCancel()}
      initialFocus={() => nameInput}
    >
      <h2 id={ids.title} class="dialog-title">
        {props.title}
      </h2>
      <form novalidate onSubmit={(event) => void submit(event)}>
        <div class="field">
          <label class="field-label" for={ids.name}>
            Name
          </label>
          <input
            ref={nameInput}
            id={ids.name}
            class="input"
            maxlength="200"
            value={name()}
            aria-invalid={error() ? true : undefined}
            onInput={(event) => setName(event.currentTarget.value)}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <Show when={props.collections}>
          {(collections) => (
            <div class="field">
              <label class="field-label" for={ids.collection}>
                Search in
              </label>
              <select
                id={ids.collection}
                class="input"
                value={collectionId()}
                onChange={(event) => setCollectionId(event.currentTarget.value)}
              >
                <option value="">All collections</option>
                <For each={collections()}>
                  {(collection) => <option value={collection.id}>{collection.name}</option>}
                </For>
              </select>
            </div>
          )}
        </Show>
        <Show when={error()}>
          <p class="form-alert" role="alert">
            {error()}
          </p>
        </Show>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={() => props.onCancel()}>
            Cancel
          </button>
          <button type="submit" class="button button-primary" aria-disabled={pending()}>
            {props.submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
