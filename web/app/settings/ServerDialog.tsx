import { createSignal, Show } from 'solid-js'
import { CheckboxField } from '../ui/CheckboxField'
import { createSubmission } from '../ui/createSubmission'
import { FormDialog } from '../ui/FormDialog'
import { TextField } from '../ui/TextField'
import { addressProblem, type ServerDraft } from './serverEdits'

export interface ServerDialogProps {
  title: string
  submitLabel: string
  initial: { serverName: string; serverAddress: string }
  /** Whether this provider's servers take a key (OpenAI-compatible), and whether one is saved. */
  withKey: boolean
  keySet: boolean
  addressHint: string
  onSave: (draft: ServerDraft) => Promise<void>
  onCancel: () => void
}

/** Add or edit one server: name, address and (where the provider takes one) its write-only key. */
export function ServerDialog(props: ServerDialogProps) {
  const [serverName, setServerName] = createSignal(props.initial.serverName)
  const [serverAddress, setServerAddress] = createSignal(props.initial.serverAddress)
  const [apiKey, setApiKey] = createSignal('')
  const [clearKey, setClearKey] = createSignal(false)
  let addressInput!: HTMLInputElement

  const submission = createSubmission(
    () =>
      props.onSave({
        serverName: serverName(),
        serverAddress: serverAddress(),
        apiKey: apiKey(),
        clearKey: clearKey(),
      }),
    () => {
      const problem = addressProblem(serverAddress())
      if (problem) addressInput.focus()
      return problem
    },
  )

  return (
    <FormDialog
      title={props.title}
      submitLabel={props.submitLabel}
      submission={submission}
      onCancel={() => props.onCancel()}
    >
      <TextField
        label="Name"
        maxlength="100"
        autocomplete="off"
        value={serverName()}
        onInput={(event) => setServerName(event.currentTarget.value)}
      />
      <TextField
        ref={addressInput}
        label="Address"
        hint={props.addressHint}
        mono
        type="url"
        autocomplete="off"
        invalid={submission.error() !== undefined}
        value={serverAddress()}
        onInput={(event) => setServerAddress(event.currentTarget.value)}
      />
      <Show when={props.withKey}>
        <TextField
          label="API key"
          hint={
            props.keySet
              ? 'A key is set. Leave this empty to keep it, or type a new one to replace it. Changing the address drops it.'
              : 'Not set. Keys are never shown again once saved, and never synced.'
          }
          mono
          type="password"
          autocomplete="off"
          value={apiKey()}
          disabled={clearKey()}
          onInput={(event) => setApiKey(event.currentTarget.value)}
          extra={
            <Show when={props.keySet}>
              <CheckboxField
                label="Clear the saved key"
                checked={clearKey()}
                onChange={(event) => setClearKey(event.currentTarget.checked)}
              />
            </Show>
          }
        />
      </Show>
    </FormDialog>
  )
}
