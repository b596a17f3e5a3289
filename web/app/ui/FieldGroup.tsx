import { children, createUniqueId, Show, type JSX } from 'solid-js'

export interface FieldGroupProps {
  /** The group's name, read before each choice in it. */
  legend: JSX.Element
  /** Said under the choices and read as the group's description. */
  hint?: JSX.Element
  /** The hint's id, where a test or another element needs a stable one. */
  hintId?: string
  /** The choices (`CheckboxField`s, radios) and anything that goes with them. */
  children: JSX.Element
}

/** A labelled group of choices: a `<fieldset class="field">` named by its legend, described by its hint. */
export function FieldGroup(props: FieldGroupProps) {
  const hintId = props.hintId ?? createUniqueId()
  // Resolved once: testing `props.hint` and then showing it would build it twice.
  const hint = children(() => props.hint)
  return (
    <fieldset class="field" aria-describedby={hint() ? hintId : undefined}>
      <legend class="field-label">{props.legend}</legend>
      {props.children}
      <Show when={hint()}>
        <p id={hintId} class="field-hint">
          {hint()}
        </p>
      </Show>
    </fieldset>
  )
}
