import { createSignal, Show } from 'solid-js'
import type { OnDuplicate } from '../api/documentsApi'
import type { Upload } from '../documents/createDocumentList'
import { CheckboxField } from '../ui/CheckboxField'
import { QuestionDialog } from '../ui/QuestionDialog'

export interface DuplicateDialogProps {
  /** The file whose content is already in the collection. */
  upload: Upload
  /** How many files of the batch wait for this answer, this one included. */
  waiting: number
  onAnswer: (answer: OnDuplicate, all: boolean) => void
  fallbackFocus?: () => HTMLElement | null | undefined
}

/**
 * Asks what to do with a file whose exact content is already a document of the collection: skip it (the
 * safe answer, focused, and what Escape does), replace the document there, or keep both. With several such
 * files in one batch, the answer can be given for all of them at once. Skip is also the primary button: the
 * answer that changes nothing.
 */
export function DuplicateDialog(props: DuplicateDialogProps) {
  const [all, setAll] = createSignal(false)
  let skipButton!: HTMLButtonElement
  const answer = (choice: OnDuplicate) => props.onAnswer(choice, all())
  return (
    <QuestionDialog
      title={`“${props.upload.name}” is already here`}
      onClose={() => answer('skip')}
      initialFocus={() => skipButton}
      fallbackFocus={props.fallbackFocus}
      actions={
        <>
          <button ref={skipButton} type="button" class="button button-primary" onClick={() => answer('skip')}>
            Skip
          </button>
          <button type="button" class="button" onClick={() => answer('replace')}>
            Replace
          </button>
          <button type="button" class="button" onClick={() => answer('keep')}>
            Keep both
          </button>
        </>
      }
    >
      <p class="field">
        This collection has a document with exactly the same content: “{props.upload.sameAs}”. Skip this file,
        replace that document with it (it takes this file’s name and is read again), or keep both.
      </p>
      <Show when={props.waiting > 1}>
        <CheckboxField
          label={`Do this for all ${props.waiting} duplicates`}
          checked={all()}
          onChange={(event) => setAll(event.currentTarget.checked)}
        />
      </Show>
    </QuestionDialog>
  )
}
