import { Match, Switch } from 'solid-js'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { NameDialog } from '../components/NameDialog'
import type { ChatItem } from './chatList'

export type SessionDialog = { kind: 'rename'; chat: ChatItem } | { kind: 'delete'; chat: ChatItem }

export interface SessionDialogsProps {
  dialog: SessionDialog | undefined
  onRename: (chat: ChatItem, name: string) => Promise<void>
  onDelete: (chat: ChatItem) => Promise<void>
  onCancel: () => void
  fallbackFocus: () => HTMLElement | undefined
}

/** The list's dialogs, for either kind of chat: rename, and delete with confirmation. */
export function SessionDialogs(props: SessionDialogsProps) {
  return (
    <Switch>
      <Match when={props.dialog?.kind === 'rename' && props.dialog.chat} keyed>
        {(chat) => (
          <NameDialog
            title="Rename chat"
            submitLabel="Rename"
            fieldLabel="Name"
            initialValue={chat.name}
            emptyError="Give the chat a name."
            onSubmit={(name) => props.onRename(chat, name)}
            onCancel={props.onCancel}
          />
        )}
      </Match>
      <Match when={props.dialog?.kind === 'delete' && props.dialog.chat} keyed>
        {(chat) => (
          <ConfirmDialog
            title="Delete this chat?"
            confirmLabel="Delete"
            destructive
            onConfirm={() => props.onDelete(chat)}
            onCancel={props.onCancel}
            // The opener (the row's Delete button) goes with the row.
            fallbackFocus={props.fallbackFocus}
          >
            <p>“{chat.name}” and all its messages will be deleted. Your documents are not affected.</p>
          </ConfirmDialog>
        )}
      </Match>
    </Switch>
  )
}
