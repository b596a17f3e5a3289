import { splitProps, type JSX } from 'solid-js'
import { Field, FIELD_OPTIONS, type FieldOptions } from './Field'

export type TextFieldProps = FieldOptions &
  Omit<JSX.InputHTMLAttributes<HTMLInputElement>, keyof FieldOptions | 'children'> & {
    /** Monospaced, for addresses, keys, paths and model names. */
    mono?: boolean
  }

/**
 * A labelled single-line input (text, url, email, password, search, file...). Every other attribute goes
 * to the `<input>` as written.
 */
export function TextField(props: TextFieldProps) {
  const [field, own, input] = splitProps(props, FIELD_OPTIONS, ['mono'])
  return (
    <Field {...field}>
      {(control) => <input class={own.mono ? 'input input-mono' : 'input'} {...input} {...control} />}
    </Field>
  )
}
