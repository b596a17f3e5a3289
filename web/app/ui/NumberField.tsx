import type { JSX } from 'solid-js'
import type { FieldOptions } from './Field'
import { TextField } from './TextField'

export type NumberFieldProps = FieldOptions &
  Omit<JSX.InputHTMLAttributes<HTMLInputElement>, keyof FieldOptions | 'children' | 'type'>

/**
 * A labelled number input. Its value stays the typed text (`value`, `onInput`): the form checks it on
 * submit and says what is wrong, rather than the browser silently clamping or dropping it.
 */
export function NumberField(props: NumberFieldProps) {
  return <TextField type="number" {...props} />
}
