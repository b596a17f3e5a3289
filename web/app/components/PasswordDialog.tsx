import { createSignal, createUniqueId, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import type { QuireDocument } from '../api/documentsApi'
import { Dialog } from './Dialog'

export interface PasswordDialogProps {
  document: QuireDocument
  /** Starts processing again with the password. May reject; the dialog then stays open with the detail. */
  onSubmit: (password: string) => Promise<void>
  onCancel: () => void
  fallbackFocus?: () => HTMLElement | null | undefined
}

/**
 * Asks for the password of an encrypted document. The field opts out of autofill: the password belongs to
 * the file, and offering this site's saved login would only mislead.
 */
export function PasswordDialog(props: PasswordDialogProps) {
  const ids = {
    title: createUniqueId(),
    field: createUniqueId(),
    hint: createUniqueId(),
    error: createUniqueId(),
  }
  const [password, setPassword] = createSignal('')
  const [error, setError] = createSignal<string>()
  const [pending, setPending] = createSignal(false)
  const wrong = () => props.document.metadata.error_code === 'wrong_password'
  let input!: HTMLInputElement

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (pending()) return
    if (!password()) {
      setError('Enter the password to open this document.')
      return input.focus()
    }
    setError(undefined)
    setPending(true)
    try {
      await props.onSubmit(password())
    } catch (caught) {
      setError(errorDetail(caught))
      setPending(false)
      input.focus()
    }
  }

  return (
    <Dialog
      labelledBy={ids.title}
      describedBy={ids.hint}
      onClose={() => {
        if (!pending()) props.onCancel()
      }}
      fallbackFocus={props.fallbackFocus}
      class="dialog-narrow"
    >
      <h2 id={ids.title} class="dialog-title">
        Open “{props.document.original_filename}”
      </h2>
      <form novalidate onSubmit={(event) => void submit(event)}>
        <p id={ids.hint} class="dialog-message field">
          {wrong()
            ? 'That password was not accepted. Check it and try again.'
            : 'This document is protected by a password. Quire needs it once, to read the text.'}
        </p>
        <div class="field">
          <label class="field-label" for={ids.field}>
            Password
          </label>
          <input
            ref={input}
            id={ids.field}
            class="input"
            type="password"
            autocomplete="off"
            aria-required="true"
            aria-invalid={error() ? true : undefined}
            aria-describedby={error() ? ids.error : undefined}
            value={password()}
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
          <Show when={error()}>
            <p id={ids.error} class="field-error" role="alert">
              {error()}
            </p>
          </Show>
        </div>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={() => props.onCancel()}>
            Cancel
          </button>
          <button type="submit" class="button button-primary" aria-disabled={pending()}>
            Open document
          </button>
        </div>
      </form>
    </Dialog>
  )
}
