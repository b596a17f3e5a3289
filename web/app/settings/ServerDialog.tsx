import { createSignal, createUniqueId, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { Dialog } from '../components/Dialog'
import { FormActions } from '../components/FormActions'
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
  const ids = {
    heading: createUniqueId(),
    name: createUniqueId(),
    address: createUniqueId(),
    addressHint: createUniqueId(),
    key: createUniqueId(),
    keyHint: createUniqueId(),
  }
  const [serverName, setServerName] = createSignal(props.initial.serverName)
  const [serverAddress, setServerAddress] = createSignal(props.initial.serverAddress)
  const [apiKey, setApiKey] = createSignal('')
  const [clearKey, setClearKey] = createSignal(false)
  const [error, setError] = createSignal<string>()
  const [pending, setPending] = createSignal(false)
  let addressInput!: HTMLInputElement

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (pending()) return
    const problem = addressProblem(serverAddress())
    if (problem) {
      setError(problem)
      return addressInput.focus()
    }
    setPending(true)
    setError(undefined)
    try {
      await props.onSave({
        serverName: serverName(),
        serverAddress: serverAddress(),
        apiKey: apiKey(),
        clearKey: clearKey(),
      })
    } catch (caught) {
      setError(errorDetail(caught))
      setPending(false)
    }
  }

  return (
    <Dialog labelledBy={ids.heading} onClose={() => !pending() && props.onCancel()}>
      <h2 id={ids.heading} class="dialog-title">
        {props.title}
      </h2>
      <form novalidate onSubmit={(event) => void submit(event)}>
        <div class="field">
          <label class="field-label" for={ids.name}>
            Name
          </label>
          <input
            id={ids.name}
            class="input"
            maxlength="100"
            autocomplete="off"
            value={serverName()}
            onInput={(event) => setServerName(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label class="field-label" for={ids.address}>
            Address
          </label>
          <input
            ref={addressInput}
            id={ids.address}
            class="input input-mono"
            type="url"
            autocomplete="off"
            aria-describedby={ids.addressHint}
            aria-invalid={error() ? true : undefined}
            value={serverAddress()}
            onInput={(event) => setServerAddress(event.currentTarget.value)}
          />
          <p id={ids.addressHint} class="field-hint">
            {props.addressHint}
          </p>
        </div>
        <Show when={props.withKey}>
          <div class="field">
            <label class="field-label" for={ids.key}>
              API key
            </label>
            <input
              id={ids.key}
              class="input input-mono"
              type="password"
              autocomplete="off"
              aria-describedby={ids.keyHint}
              value={apiKey()}
              disabled={clearKey()}
              onInput={(event) => setApiKey(event.currentTarget.value)}
            />
            <p id={ids.keyHint} class="field-hint">
              {props.keySet
                ? 'A key is set. Leave this empty to keep it, or type a new one to replace it. Changing the address drops it.'
                : 'Not set. Keys are never shown again once saved, and never synced.'}
            </p>
            <Show when={props.keySet}>
              <label class="choice">
                <input
                  type="checkbox"
                  checked={clearKey()}
                  onChange={(event) => setClearKey(event.currentTarget.checked)}
                />
                Clear the saved key
              </label>
            </Show>
          </div>
        </Show>
        <FormActions
          error={error()}
          pending={pending()}
          submitLabel={props.submitLabel}
          onCancel={() => props.onCancel()}
        />
      </form>
    </Dialog>
  )
}
