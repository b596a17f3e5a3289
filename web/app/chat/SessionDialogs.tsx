import { Match, Switch } from 'solid-js'
import type { ChatSession } from '../api/chatApi'
import type { Collection } from '../api/collectionsApi'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { NameDialog } from '../components/NameDialog'

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
        <NameDialog
          title="New chat"
          submitLabel="Start chat"
          fieldLabel="Name"
          initialValue="New chat"
          emptyError="Give the chat a name."
          choice={{
            label: 'Search in',
            noneLabel: 'All collections',
            options: props.collections.map((collection) => ({
              value: collection.id,
              label: collection.name,
            })),
          }}
          onSubmit={(name, collectionId) => props.onCreate(name, collectionId)}
          onCancel={props.onCancel}
        />
      </Match>
      <Match when={props.dialog?.kind === 'rename' && props.dialog.session} keyed>
        {(session) => (
          <NameDialog
            title="Rename chat"
            submitLabel="Rename"
            fieldLabel="Name"
            initialValue={session.name}
            emptyError="Give the chat a name."
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
