import { splitProps, type JSX } from 'solid-js'

export type CheckboxFieldProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  /** A radio, for one of a few choices sharing a `name` (in a `FieldGroup`); a checkbox by default. */
  type?: 'checkbox' | 'radio'
  /** The words beside the box; the label wraps both, so a click on the words toggles it. */
  label: JSX.Element
  /** Classes beside `choice` on the label (a feature's layout). */
  labelClass?: string
}

/**
 * A checkbox (or radio) with its words in one `<label class="choice">`: the box comes first, as the platform draws
 * it, and the whole row is the click target. Every other attribute goes to the `<input>`.
 */
export function CheckboxField(props: CheckboxFieldProps) {
  const [own, input] = splitProps(props, ['label', 'labelClass'])
  return (
    <label class={own.labelClass ? `choice ${own.labelClass}` : 'choice'}>
      <input type="checkbox" {...input} />
      {own.label}
    </label>
  )
}
