import { createSignal, createUniqueId } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import type { QuireDocument } from '../api/documentsApi'
import { Dialog } from '../ui/Dialog'
import { FormActions } from '../ui/FormActions'
import { TextField } from '../ui/TextField'

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
  const ids = { title: createUniqueId(), hint: createUniqueId() }
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
        <TextField
          ref={input}
          label="Password"
          error={error()}
          announce
          required
          type="password"
          autocomplete="off"
          value={password()}
          onInput={(event) => setPassword(event.currentTarget.value)}
        />
        {/* The error is the field's own (announced there), so the actions carry none. */}
        <FormActions pending={pending()} submitLabel="Open document" onCancel={() => props.onCancel()} />
      </form>
    </Dialog>
  )
}
