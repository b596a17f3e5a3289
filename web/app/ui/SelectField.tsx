import { splitProps, type JSX } from 'solid-js'
import { Field, FIELD_OPTIONS, type FieldOptions } from './Field'

export type SelectFieldProps = FieldOptions &
  Omit<JSX.SelectHTMLAttributes<HTMLSelectElement>, keyof FieldOptions> & {
    /** The `<option>`s and `<optgroup>`s. */
    children: JSX.Element
  }

/** A labelled `<select>`; the options are its children, every other attribute goes to the select. */
export function SelectField(props: SelectFieldProps) {
  const [field, own, select] = splitProps(props, FIELD_OPTIONS, ['children'])
  return (
    <Field {...field}>
      {(control) => (
        <select class="input" {...select} {...control}>
          {own.children}
        </select>
      )}
    </Field>
  )
}
