import './collectionForm.css'
import { createMemo, createSignal, createUniqueId, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import type { Collection, CollectionInput } from '../api/collectionsApi'
import {
  DESCRIPTION_MAX,
  fieldOfDetail,
  validateCollection,
  type CollectionErrors,
} from '../collections/validateCollection'
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
  const ids = { name: createUniqueId(), description: createUniqueId(), alert: createUniqueId() }
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
  const errors = createMemo<CollectionErrors>(() => validateCollection(input()))
  /** The client-side message for a field, once the person has left it or tried to submit. */
  const shown = (field: Field): string | undefined =>
    submitted() || touched().has(field) ? errors()[field] : undefined
  /** A 400 whose detail names this field marks it invalid and points it at the form-level alert. */
  const blamed = (field: Field) => serverError()?.field === field
  const touch = (field: Field) => setTouched((current) => new Set(current).add(field))
  const invalid = (field: Field) => (shown(field) || blamed(field) ? true : undefined)
  const describedBy = (field: Field, errorId: string, hintId?: string) =>
    [hintId, shown(field) ? errorId : undefined, blamed(field) ? ids.alert : undefined]
      .filter(Boolean)
      .join(' ') || undefined

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
      await props.onSubmit({ name: name().trim(), description: description().trim(), color: color() })
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
      <p class="field-required-note">Name and description are both required.</p>
      <Show when={serverError()}>
        {(error) => (
          <p ref={alertBox} id={ids.alert} class="form-alert" role="alert" tabindex="-1">
            {error().detail}
          </p>
        )}
      </Show>

      <div class="field">
        <label class="field-label" for={ids.name}>
          Name
        </label>
        <input
          ref={nameInput}
          id={ids.name}
          class="input"
          type="text"
          autocomplete="off"
          aria-required="true"
          aria-invalid={invalid('name')}
          aria-describedby={describedBy('name', `${ids.name}-error`)}
          value={name()}
          onInput={(event) => setName(event.currentTarget.value)}
          onBlur={() => touch('name')}
        />
        <p id={`${ids.name}-error`} class="field-error" hidden={!shown('name')}>
          {shown('name')}
        </p>
      </div>

      <div class="field">
        <label class="field-label" for={ids.description}>
          Description
        </label>
        <textarea
          ref={descriptionInput}
          id={ids.description}
          class="input textarea"
          rows="4"
          aria-required="true"
          aria-invalid={invalid('description')}
          aria-describedby={describedBy(
            'description',
            `${ids.description}-error`,
            `${ids.description}-count`,
          )}
          value={description()}
          onInput={(event) => setDescription(event.currentTarget.value)}
          onBlur={() => touch('description')}
        />
        <p
          id={`${ids.description}-count`}
          class="field-hint field-count"
          classList={{ 'field-count-over': description().trim().length > DESCRIPTION_MAX }}
        >
          {description().trim().length} / {DESCRIPTION_MAX} characters
        </p>
        <p id={`${ids.description}-error`} class="field-error" hidden={!shown('description')}>
          {shown('description')}
        </p>
      </div>

      <ColourPicker
        value={color()}
        onChange={setColor}
        error={shown('color') ?? (blamed('color') ? serverError()?.detail : undefined)}
      />

      <div class="dialog-actions">
        <button type="button" class="button" onClick={() => props.onCancel()}>
          Cancel
        </button>
        <button type="submit" class="button button-primary" aria-disabled={pending()}>
          {props.initial ? 'Save changes' : 'Create collection'}
        </button>
      </div>
    </form>
  )
}
