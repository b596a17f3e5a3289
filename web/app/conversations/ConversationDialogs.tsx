import { Match, Switch } from 'solid-js'
import type { Conversation, Persona } from '../api/conversationsApi'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { NameDialog } from '../components/NameDialog'
import { conversationTitle } from './conversationOrder'

export type ConversationDialog =
  | { kind: 'new' }
  | { kind: 'rename'; conversation: Conversation }
  | { kind: 'delete'; conversation: Conversation }

export interface ConversationDialogsProps {
  dialog: ConversationDialog | undefined
  personas: Persona[]
  onCreate: (title: string, personaId: string | null) => Promise<void>
  onRename: (conversation: Conversation, title: string) => Promise<void>
  onDelete: (conversation: Conversation) => Promise<void>
  onCancel: () => void
  fallbackFocus: () => HTMLElement | undefined
}

/** A new conversation (title and persona), rename, and delete with confirmation. */
export function ConversationDialogs(props: ConversationDialogsProps) {
  return (
    <Switch>
      <Match when={props.dialog?.kind === 'new'}>
        <NameDialog
          title="New conversation"
          submitLabel="Start conversation"
          fieldLabel="Title"
          initialValue="New conversation"
          emptyError="Give the conversation a title."
          choice={{
            label: 'Persona',
            noneLabel: 'No persona',
            options: props.personas.map((persona) => ({ value: persona.id, label: persona.name })),
            emptyHint: 'No personas yet: create one with “Personas” at the top of the page.',
          }}
          onSubmit={props.onCreate}
          onCancel={props.onCancel}
        />
      </Match>
      <Match when={props.dialog?.kind === 'rename' && props.dialog.conversation} keyed>
        {(conversation) => (
          <NameDialog
            title="Rename conversation"
            submitLabel="Rename"
            fieldLabel="Title"
            initialValue={conversationTitle(conversation)}
            emptyError="Give the conversation a title."
            onSubmit={(title) => props.onRename(conversation, title)}
            onCancel={props.onCancel}
          />
        )}
      </Match>
      <Match when={props.dialog?.kind === 'delete' && props.dialog.conversation} keyed>
        {(conversation) => (
          <ConfirmDialog
            title="Delete this conversation?"
            confirmLabel="Delete"
            destructive
            onConfirm={() => props.onDelete(conversation)}
            onCancel={props.onCancel}
            fallbackFocus={props.fallbackFocus}
          >
            <p>
              “{conversationTitle(conversation)}” and all its messages will be deleted. Its persona and tags
              are kept.
            </p>
          </ConfirmDialog>
        )}
      </Match>
    </Switch>
  )
}
