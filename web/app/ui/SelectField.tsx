import { createRenderEffect, splitProps, type JSX } from 'solid-js'
import { Field, FIELD_OPTIONS, type FieldOptions } from './Field'

export type SelectFieldProps = FieldOptions &
  Omit<JSX.SelectHTMLAttributes<HTMLSelectElement>, keyof FieldOptions> & {
    /** The `<option>`s and `<optgroup>`s. */
    children: JSX.Element
  }

/** A labelled `<select>`; the options are its children, every other attribute goes to the select. */
export function SelectField(props: SelectFieldProps) {
  const [field, own, select] = splitProps(props, FIELD_OPTIONS, ['children', 'value'])
  return (
    <Field {...field}>
      {(control) => {
        const element = (
          <select class="input" {...select} {...control}>
            {own.children}
          </select>
        ) as HTMLSelectElement
        // Set once the options are in, as Solid does for a `<select value>` it writes itself: a spread sets
        // it before the children are inserted, and a select drops a value that none of its options has yet
        // (a chat's collection would show "All documents").
        createRenderEffect(() => {
          if (own.value !== undefined) element.value = String(own.value)
        })
        return element
      }}
    </Field>
  )
}
