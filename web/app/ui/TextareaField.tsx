import { splitProps, type JSX } from 'solid-js'
import { Field, FIELD_OPTIONS, type FieldOptions } from './Field'

export type TextareaFieldProps = FieldOptions &
  Omit<JSX.TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldOptions | 'children'> & {
    mono?: boolean
  }

/** A labelled `<textarea>` that the person can make taller; every other attribute goes to it. */
export function TextareaField(props: TextareaFieldProps) {
  const [field, own, textarea] = splitProps(props, FIELD_OPTIONS, ['mono'])
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          class={own.mono ? 'input textarea input-mono' : 'input textarea'}
          {...textarea}
          {...control}
        />
      )}
    </Field>
  )
}
