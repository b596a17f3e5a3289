import { createSignal, createUniqueId, Show, type JSX } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import type { Persona, PersonaInput } from '../api/conversationsApi'
import {
  EMPTY_PERSONA_DRAFT,
  parsePersonaDraft,
  personaDraft,
  type PersonaDraft,
  type PersonaErrors,
} from './personaForm'
import { FormActions } from '../ui/FormActions'

export interface PersonaFormProps {
  /** The persona being edited, or none for a new one. */
  persona: Persona | undefined
  onSave: (input: PersonaInput) => Promise<void>
  onCancel: () => void
}

/** Every field of a persona; errors are shown beside their field and the first one gets focus. */
export function PersonaForm(props: PersonaFormProps) {
  const [draft, setDraft] = createSignal<PersonaDraft>(
    props.persona ? personaDraft(props.persona) : EMPTY_PERSONA_DRAFT,
  )
  const [errors, setErrors] = createSignal<PersonaErrors>({})
  const [failure, setFailure] = createSignal<string>()
  const [pending, setPending] = createSignal(false)
  let form!: HTMLFormElement

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (pending()) return
    const parsed = parsePersonaDraft(draft())
    if (!parsed.ok) {
      setErrors(parsed.errors)
      queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setErrors({})
    setFailure(undefined)
    setPending(true)
    try {
      await props.onSave(parsed.input)
    } catch (caught) {
      setFailure(errorDetail(caught))
      setPending(false)
    }
  }

  const field = (
    key: keyof PersonaDraft,
    label: string,
    control: (id: string, describedBy: string) => JSX.Element,
    hint?: string,
  ) => {
    const id = createUniqueId()
    const hintId = `${id}-hint`
    const errorId = `${id}-error`
    return (
      <div class="field">
        <label class="field-label" for={id}>
          {label}
        </label>
        <Show when={hint}>
          <p id={hintId} class="field-hint">
            {hint}
          </p>
        </Show>
        {control(id, [hint ? hintId : '', errors()[key] ? errorId : ''].filter(Boolean).join(' '))}
        <p id={errorId} class="field-error" hidden={!errors()[key]}>
          {errors()[key]}
        </p>
      </div>
    )
  }
  const text = (key: keyof PersonaDraft, label: string, hint?: string, type = 'text') =>
    field(
      key,
      label,
      (id, describedBy) => (
        <input
          id={id}
          class="input"
          type={type}
          step={type === 'number' ? 'any' : undefined}
          value={draft()[key]}
          aria-describedby={describedBy || undefined}
          aria-invalid={errors()[key] ? true : undefined}
          onInput={(event) => setDraft((d) => ({ ...d, [key]: event.currentTarget.value }))}
        />
      ),
      hint,
    )
  const area = (key: keyof PersonaDraft, label: string, hint?: string) =>
    field(
      key,
      label,
      (id, describedBy) => (
        <textarea
          id={id}
          class="input textarea"
          rows="3"
          value={draft()[key]}
          aria-describedby={describedBy || undefined}
          onInput={(event) => setDraft((d) => ({ ...d, [key]: event.currentTarget.value }))}
        />
      ),
      hint,
    )

  return (
    <form ref={form} novalidate class="conv-persona-form" onSubmit={(event) => void submit(event)}>
      {text('name', 'Name')}
      {text('description', 'Description')}
      {area(
        'system_prompt',
        'System prompt',
        'How the assistant should speak and behave in conversations with this persona.',
      )}
      <div class="conv-form-row">
        {text('temperature', 'Temperature', 'From 0 to 2; empty for the model’s default.', 'number')}
        {text('max_tokens', 'Maximum tokens', 'Longest reply; empty for no limit.', 'number')}
      </div>
      {text('tags', 'Persona tags', 'Separated by commas.')}
      {area('sample_greeting', 'Greeting', 'Shown when a conversation with this persona is still empty.')}
      <FormActions
        error={failure()}
        pending={pending()}
        submitLabel={props.persona ? 'Save persona' : 'Create persona'}
        onCancel={() => props.onCancel()}
      />
    </form>
  )
}
