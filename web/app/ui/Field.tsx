import { children, createUniqueId, Show, type JSX } from 'solid-js'

/**
 * What a field hands its control, to spread onto it (`<input {...control} />`): the id its label points at,
 * the hint and error it is described by, and whether it is invalid or required. Getters, so the control
 * follows the field's props as they change.
 */
export interface FieldControl {
  readonly id: string
  readonly 'aria-describedby': string | undefined
  readonly 'aria-invalid': true | undefined
  readonly 'aria-required': 'true' | undefined
  readonly required: true | undefined
}

/** What every kind of field takes besides its control's own attributes. */
export interface FieldOptions {
  label: JSX.Element
  /**
   * The label is read, not shown (`visually-hidden`): for a control whose placeholder or first option says
   * what it is, in a row of filters or a bar of actions. Its name is still the label's, never the placeholder.
   */
  labelHidden?: boolean | undefined
  /** Classes beside `field-label` on the label (a feature's inline label). */
  labelClass?: string | undefined
  /** The control's id; its hint and error are `<id>-hint` and `<id>-error`. A unique one by default. */
  id?: string | undefined
  /** Said under the control and read after its name. */
  hint?: JSX.Element
  /** Classes beside `field-hint`, e.g. a character count's. */
  hintClass?: string | undefined
  /** The control's own message; it marks the control invalid and is read after the hint. */
  error?: string | null | undefined
  /** Announce the error as it appears (role="alert"): for a form whose only alert is this field's. */
  announce?: boolean | undefined
  /** Marks the control invalid without a message of its own (a form-level alert says why). */
  invalid?: boolean | undefined
  /** More ids the control is described by, e.g. the form's alert when it blames this field. */
  describedBy?: string | undefined
  /** `required` and aria-required: said field by field; the form says which are required before submit. */
  required?: boolean | undefined
  /** Classes beside `field` on the wrapper (a feature's layout). */
  class?: string | undefined
  /** More inside the field, after the hint and error: a checkbox or a button that belongs to it. */
  extra?: JSX.Element
}

/** The option names a field component takes out of its props before the rest go to the control. */
export const FIELD_OPTIONS = [
  'label',
  'labelHidden',
  'labelClass',
  'id',
  'hint',
  'hintClass',
  'error',
  'announce',
  'invalid',
  'describedBy',
  'required',
  'class',
  'extra',
] as const satisfies ReadonlyArray<keyof FieldOptions>

/**
 * A labelled control: the one place that writes a field's label, hint and error and wires them to the
 * control, so that every screen's fields are named and described the same way. The control comes from the
 * caller (`children` receives the wiring), which keeps any control possible: an input, a select, a
 * textarea, an input with its datalist.
 */
export function Field(
  props: FieldOptions & {
    /**
     * A checkbox that is a field of its own (a setting, with its hint and error): the box, then its words,
     * in one `<label class="choice">`, as `CheckboxField` draws a choice. Without it, the label is above.
     */
    choice?: boolean
    children: (control: FieldControl) => JSX.Element
  },
) {
  const id = props.id ?? createUniqueId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  // Resolved once: reading `props.hint` again would build its elements again.
  const hint = children(() => props.hint)
  const hasHint = () => {
    const resolved = hint()
    return resolved !== undefined && resolved !== null && resolved !== false && resolved !== ''
  }

  const labelClasses = () =>
    props.labelHidden
      ? 'visually-hidden'
      : props.labelClass
        ? `field-label ${props.labelClass}`
        : 'field-label'

  const control: FieldControl = {
    id,
    get 'aria-describedby'() {
      const ids = [hasHint() ? hintId : undefined, props.error ? errorId : undefined, props.describedBy]
      return ids.filter(Boolean).join(' ') || undefined
    },
    get 'aria-invalid'() {
      return props.error || props.invalid ? true : undefined
    },
    get 'aria-required'() {
      return props.required ? 'true' : undefined
    },
    // The native attribute too: a form that lets the browser check (no `novalidate`) stops on it.
    get required() {
      return props.required ? true : undefined
    },
  }

  return (
    <div class={props.class ? `field ${props.class}` : 'field'}>
      <Show
        when={props.choice}
        fallback={
          <>
            <label class={labelClasses()} for={id}>
              {props.label}
            </label>
            {props.children(control)}
          </>
        }
      >
        <label class="choice" for={id}>
          {props.children(control)}
          {props.label}
        </label>
      </Show>
      <Show when={hasHint()}>
        <p id={hintId} class={props.hintClass ? `field-hint ${props.hintClass}` : 'field-hint'}>
          {hint()}
        </p>
      </Show>
      <Show when={props.error}>
        <p id={errorId} class="field-error" role={props.announce ? 'alert' : undefined}>
          {props.error}
        </p>
      </Show>
      {props.extra}
    </div>
  )
}
