import { createSignal, For, Show } from 'solid-js'
import { createSubmission } from '../ui/createSubmission'
import { FormDialog } from '../ui/FormDialog'
import { SelectField } from '../ui/SelectField'
import { TextField } from '../ui/TextField'

/** An optional choice under the name: the collection a chat searches, a conversation's persona. */
export interface NameDialogChoice {
  label: string
  /** The first option, meaning none (its value is null). */
  noneLabel: string
  options: Array<{ value: string; label: string }>
  /** Shown under the select when there are no options to choose from. */
  emptyHint?: string
}

export interface NameDialogProps {
  title: string
  submitLabel: string
  /** The text field's label ("Name", "Title"). */
  fieldLabel: string
  initialValue: string
  /** What the alert says when the field is left empty. */
  emptyError: string
  choice?: NameDialogChoice
  onSubmit: (value: string, choice: string | null) => Promise<void>
  onCancel: () => void
}

/**
 * A dialog that names something (a new or renamed chat, conversation...), with an optional choice.
 * A failed request keeps the dialog open with what was typed and says why.
 */
export function NameDialog(props: NameDialogProps) {
  const [value, setValue] = createSignal(props.initialValue)
  const [choice, setChoice] = createSignal('')
  let input!: HTMLInputElement

  const submission = createSubmission(
    () => props.onSubmit(value().trim(), choice() || null),
    () => {
      if (value().trim()) return undefined
      input.focus()
      return props.emptyError
    },
  )

  return (
    <FormDialog
      title={props.title}
      submitLabel={props.submitLabel}
      submission={submission}
      onCancel={() => props.onCancel()}
      initialFocus={() => input}
    >
      <TextField
        ref={input}
        label={props.fieldLabel}
        maxlength="200"
        value={value()}
        invalid={submission.error() !== undefined}
        onInput={(event) => setValue(event.currentTarget.value)}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Show when={props.choice}>
        {(choiceField) => (
          <SelectField
            label={choiceField().label}
            hint={choiceField().options.length === 0 ? choiceField().emptyHint : undefined}
            value={choice()}
            onChange={(event) => setChoice(event.currentTarget.value)}
          >
            <option value="">{choiceField().noneLabel}</option>
            <For each={choiceField().options}>
              {(option) => <option value={option.value}>{option.label}</option>}
            </For>
          </SelectField>
        )}
      </Show>
    </FormDialog>
  )
}
