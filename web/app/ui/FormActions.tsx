import { FormAlert } from './FormAlert'

/**
 * The end of a dialog's form: the error the last attempt got (announced), then Cancel and the submit
 * button. The submit button stays focusable while a request runs (`aria-disabled`, not `disabled`), so
 * keyboard focus is not lost; the form's own submit handler ignores a second press.
 */
export function FormActions(props: {
  error?: string | undefined
  pending: boolean
  submitLabel: string
  onCancel: () => void
}) {
  return (
    <>
      <FormAlert message={props.error} />
      <div class="dialog-actions">
        <button type="button" class="button" onClick={() => props.onCancel()}>
          Cancel
        </button>
        <button type="submit" class="button button-primary" aria-disabled={props.pending}>
          {props.submitLabel}
        </button>
      </div>
    </>
  )
}
