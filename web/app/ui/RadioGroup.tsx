import { children, createUniqueId, For, Show, type JSX } from 'solid-js'
import { CheckboxField } from './CheckboxField'

/** One choice of a `RadioGroup`. */
export interface RadioOption<V extends string> {
  value: V
  /** The words beside the radio; a click on them chooses it. */
  label: JSX.Element
  /** Said under the choice and read as its description (a `<Show>` for one that comes and goes). */
  hint?: JSX.Element
  /** The hint's id, where a test needs a stable one; `<name>-<value>-hint` by default. */
  hintId?: string
  /** Shown, not choosable (its hint says why). A getter where it changes. */
  disabled?: boolean
  /** Under the choice and its hint: what choosing it asks for next (a `<Show>` on the group's value). */
  detail?: JSX.Element
}

export interface RadioGroupProps<V extends string> {
  /** The group's name, read before each choice in it. */
  legend: JSX.Element
  /** The radios' shared `name`; a unique one by default. */
  name?: string
  /** The chosen option's value. */
  value: V
  onChange: (value: V) => void
  /** Made once (a screen's constant, or built in its body): each option's elements are built once. */
  options: readonly RadioOption<V>[]
  /** The fieldset's classes: `field` by default (a form's field), or a feature's layout. */
  class?: string
  /** Classes on the legend (none by default: the fieldset's class styles it). */
  legendClass?: string
  /** Classes beside `choice` on each option's label. */
  optionClass?: string
  /** Classes beside `field-hint` on each option's hint. */
  hintClass?: string
  /** More inside the group, after the options: a field that belongs to the choice. */
  children?: JSX.Element
}

/**
 * One of a few choices: a `<fieldset>` named by its legend, a native radio per option with its words in
 * one `<label class="choice">`, and each option's hint wired as that radio's description. The arrow keys
 * are the browser's own: they move between the radios and choose as they go, and the group is one Tab stop.
 */
export function RadioGroup<V extends string>(props: RadioGroupProps<V>) {
  const name = props.name ?? createUniqueId()
  return (
    <fieldset class={props.class ?? 'field'}>
      <legend class={props.legendClass}>{props.legend}</legend>
      <For each={props.options}>
        {(option) => {
          const hintId = option.hintId ?? `${name}-${option.value}-hint`
          // Resolved once: reading `option.hint` again would build its elements again.
          const hint = children(() => option.hint)
          const hasHint = () => {
            const resolved = hint()
            return resolved !== undefined && resolved !== null && resolved !== false && resolved !== ''
          }
          return (
            <>
              <CheckboxField
                type="radio"
                name={name}
                value={option.value}
                label={option.label}
                labelClass={props.optionClass}
                checked={props.value === option.value}
                disabled={option.disabled}
                aria-describedby={hasHint() ? hintId : undefined}
                onChange={() => props.onChange(option.value)}
              />
              <Show when={hasHint()}>
                <p id={hintId} class={props.hintClass ? `field-hint ${props.hintClass}` : 'field-hint'}>
                  {hint()}
                </p>
              </Show>
              {option.detail}
            </>
          )
        }}
      </For>
      {props.children}
    </fieldset>
  )
}
