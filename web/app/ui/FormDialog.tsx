import { createUniqueId, type JSX } from 'solid-js'
import type { Submission } from './createSubmission'
import { Dialog } from './Dialog'
import { FormActions } from './FormActions'

export interface FormDialogProps {
  title: JSX.Element
  submitLabel: string
  /** The form's state and submit handler (createSubmission). */
  submission: Submission
  onCancel: () => void
  /** The element to focus on open; defaults to the first field. */
  initialFocus?: () => HTMLElement | undefined
  fallbackFocus?: () => HTMLElement | null | undefined
  class?: string
  /**
   * Let the browser check `required` fields before submit. Off by default: the form's own check says what
   * is wrong in the dialog's alert, where the browser's bubble would pre-empt it.
   */
  browserChecks?: boolean
  /** The fields. */
  children: JSX.Element
}

/**
 * A dialog that is one form: its heading (the dialog's name), the fields, then the alert and Cancel and
 * submit. Escape, the backdrop and Cancel close it, except while its request runs.
 */
export function FormDialog(props: FormDialogProps) {
  const headingId = createUniqueId()
  return (
    <Dialog
      labelledBy={headingId}
      onClose={() => !props.submission.pending() && props.onCancel()}
      initialFocus={props.initialFocus}
      fallbackFocus={props.fallbackFocus}
      class={props.class}
    >
      <h2 id={headingId} class="dialog-title">
        {props.title}
      </h2>
      <form novalidate={!props.browserChecks} onSubmit={(event) => props.submission.submit(event)}>
        {props.children}
        <FormActions
          error={props.submission.error()}
          pending={props.submission.pending()}
          submitLabel={props.submitLabel}
          onCancel={() => props.onCancel()}
        />
      </form>
    </Dialog>
  )
}
