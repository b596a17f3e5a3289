import { createSignal } from 'solid-js'
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
import { NumberField } from '../ui/NumberField'
import { TextareaField } from '../ui/TextareaField'
import { TextField } from '../ui/TextField'

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

  const text = (key: keyof PersonaDraft, label: string, hint?: string) => (
    <TextField
      label={label}
      hint={hint}
      error={errors()[key]}
      type="text"
      value={draft()[key]}
      onInput={(event) => setDraft((d) => ({ ...d, [key]: event.currentTarget.value }))}
    />
  )
  const number = (key: keyof PersonaDraft, label: string, hint: string) => (
    <NumberField
      label={label}
      hint={hint}
      error={errors()[key]}
      step="any"
      value={draft()[key]}
      onInput={(event) => setDraft((d) => ({ ...d, [key]: event.currentTarget.value }))}
    />
  )
  const area = (key: keyof PersonaDraft, label: string, hint: string) => (
    <TextareaField
      label={label}
      hint={hint}
      error={errors()[key]}
      rows="3"
      value={draft()[key]}
      onInput={(event) => setDraft((d) => ({ ...d, [key]: event.currentTarget.value }))}
    />
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
        {number('temperature', 'Temperature', 'From 0 to 2; empty for the model’s default.')}
        {number('max_tokens', 'Maximum tokens', 'Longest reply; empty for no limit.')}
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
