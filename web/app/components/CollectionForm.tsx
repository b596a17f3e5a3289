import './collectionForm.css'
import { createMemo, createSignal, createUniqueId } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import type { Collection, CollectionInput } from '../api/collectionsApi'
import {
  collectionToSend,
  defaultDescription,
  DESCRIPTION_MAX,
  fieldOfDetail,
  validateCollection,
  type CollectionErrors,
} from '../collections/validateCollection'
import { FormActions } from '../ui/FormActions'
import { FormAlert } from '../ui/FormAlert'
import { TextareaField } from '../ui/TextareaField'
import { TextField } from '../ui/TextField'
import { ColourPicker } from './ColourPicker'

export interface CollectionFormProps {
  /** The collection being edited; absent when creating one. */
  initial?: Collection | undefined
  /** Receives trimmed values. May reject; the API's detail is then shown and the form stays open. */
  onSubmit: (input: CollectionInput) => Promise<void>
  onCancel: () => void
}

type Field = keyof CollectionInput

/**
 * Create and edit share this form. Errors show once a field has been left or the form submitted, not on the
 * first keystroke; `novalidate` keeps the browser's own bubbles from pre-empting the inline messages.
 */
export function CollectionForm(props: CollectionFormProps) {
  const alertId = createUniqueId()
  const [name, setName] = createSignal(props.initial?.name ?? '')
  const [description, setDescription] = createSignal(props.initial?.description ?? '')
  const [color, setColor] = createSignal<string | null>(props.initial?.color ?? null)
  const [touched, setTouched] = createSignal<ReadonlySet<Field>>(new Set())
  const [submitted, setSubmitted] = createSignal(false)
  const [pending, setPending] = createSignal(false)
  const [serverError, setServerError] = createSignal<{ detail: string; field: Field | undefined }>()
  let nameInput!: HTMLInputElement
  let descriptionInput!: HTMLTextAreaElement
  let alertBox: HTMLParagraphElement | undefined

  const input = (): CollectionInput => ({ name: name(), description: description(), color: color() })
  const placeholder = () => defaultDescription(name())
  const errors = createMemo<CollectionErrors>(() => validateCollection(input()))
  /** The client-side message for a field, once the person has left it or tried to submit. */
  const shown = (field: Field): string | undefined =>
    submitted() || touched().has(field) ? errors()[field] : undefined
  /** A 400 whose detail names this field marks it invalid and points it at the form-level alert. */
  const blamed = (field: Field) => serverError()?.field === field
  const touch = (field: Field) => setTouched((current) => new Set(current).add(field))
  const alertFor = (field: Field) => (blamed(field) ? alertId : undefined)

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (pending()) return
    setSubmitted(true)
    setServerError(undefined)
    const current = errors()
    if (current.name) return nameInput.focus()
    if (current.description) return descriptionInput.focus()
    if (current.color) return
    setPending(true)
    try {
      await props.onSubmit(collectionToSend(input()))
    } catch (caught) {
      const detail = errorDetail(caught)
      setServerError({ detail, field: fieldOfDetail(detail) })
      setPending(false)
      alertBox?.focus()
    }
  }

  return (
    <form class="form" novalidate onSubmit={(event) => void submit(event)}>
      {/* Said before submit (aria-required says it to assistive technology field by field). */}
      <p class="field-required-note">Only the name is required.</p>
      <FormAlert
        ref={(element) => (alertBox = element)}
        id={alertId}
        focusable
        message={serverError()?.detail}
      />

      <TextField
        ref={nameInput}
        label="Name"
        error={shown('name')}
        invalid={blamed('name')}
        describedBy={alertFor('name')}
        required
        type="text"
        autocomplete="off"
        value={name()}
        onInput={(event) => setName(event.currentTarget.value)}
        onBlur={() => touch('name')}
      />

      {/* Optional: left empty, the placeholder is what is sent (the API needs a description), and the hint
          says so in words, since a placeholder is not read as the field's value. */}
      <TextareaField
        ref={descriptionInput}
        label="Description"
        hint={
          description().trim()
            ? `${description().trim().length} / ${DESCRIPTION_MAX} characters`
            : `Optional. Left empty, it is “${placeholder()}”.`
        }
        hintClass={
          !description().trim()
            ? undefined
            : description().trim().length > DESCRIPTION_MAX
              ? 'field-count field-count-over'
              : 'field-count'
        }
        error={shown('description')}
        invalid={blamed('description')}
        describedBy={alertFor('description')}
        placeholder={placeholder()}
        rows="4"
        value={description()}
        onInput={(event) => setDescription(event.currentTarget.value)}
        onBlur={() => touch('description')}
      />

      <ColourPicker
        value={color()}
        onChange={setColor}
        error={shown('color') ?? (blamed('color') ? serverError()?.detail : undefined)}
      />

      <FormActions
        pending={pending()}
        submitLabel={props.initial ? 'Save changes' : 'Create collection'}
        onCancel={() => props.onCancel()}
      />
    </form>
  )
}
