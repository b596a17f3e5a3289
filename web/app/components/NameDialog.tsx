import { createSignal, createUniqueId, For, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { Dialog } from './Dialog'
import { FormActions } from './FormActions'

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
  const ids = { heading: createUniqueId(), field: createUniqueId(), choice: createUniqueId() }
  const [value, setValue] = createSignal(props.initialValue)
  const [choice, setChoice] = createSignal('')
  const [error, setError] = createSignal<string>()
  const [pending, setPending] = createSignal(false)
  let input!: HTMLInputElement

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (pending()) return
    const trimmed = value().trim()
    if (!trimmed) {
      setError(props.emptyError)
      return input.focus()
    }
    setPending(true)
    setError(undefined)
    try {
      await props.onSubmit(trimmed, choice() || null)
    } catch (caught) {
      setError(errorDetail(caught))
      setPending(false)
    }
  }

  return (
    <Dialog
      labelledBy={ids.heading}
      onClose={() => !pending() && props.onCancel()}
      initialFocus={() => input}
    >
      <h2 id={ids.heading} class="dialog-title">
        {props.title}
      </h2>
      <form novalidate onSubmit={(event) => void submit(event)}>
        <div class="field">
          <label class="field-label" for={ids.field}>
            {props.fieldLabel}
          </label>
          <input
            ref={input}
            id={ids.field}
            class="input"
            maxlength="200"
            value={value()}
            aria-invalid={error() ? true : undefined}
            onInput={(event) => setValue(event.currentTarget.value)}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <Show when={props.choice}>
          {(choiceField) => (
            <div class="field">
              <label class="field-label" for={ids.choice}>
                {choiceField().label}
              </label>
              <select
                id={ids.choice}
                class="input"
                value={choice()}
                onChange={(event) => setChoice(event.currentTarget.value)}
              >
                <option value="">{choiceField().noneLabel}</option>
                <For each={choiceField().options}>
                  {(option) => <option value={option.value}>{option.label}</option>}
                </For>
              </select>
              <Show when={choiceField().options.length === 0 && choiceField().emptyHint}>
                <p class="field-hint">{choiceField().emptyHint}</p>
              </Show>
            </div>
          )}
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
