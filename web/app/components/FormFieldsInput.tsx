import { For } from 'solid-js'
import type { FormField } from '../openapi/formFields'
import { Field } from '../ui/Field'

export interface FormFieldsInputProps {
  fields: FormField[]
  onText: (name: string, value: string) => void
  onFiles: (name: string, files: File[]) => void
}

/** Inputs for a multipart/form-data body: a file picker per file part, a text box per text field. */
export function FormFieldsInput(props: FormFieldsInputProps) {
  return (
    <For each={props.fields}>
      {(field) => (
        <Field
          label={
            <>
              {field.name} <span class="field-tag">{field.file ? 'file' : 'form'}</span>
            </>
          }
          required={field.required}
        >
          {(control) =>
            field.file ? (
              <input
                {...control}
                class="input"
                type="file"
                multiple={field.multiple}
                onChange={(e) => props.onFiles(field.name, [...(e.currentTarget.files ?? [])])}
              />
            ) : (
              <input
                {...control}
                class="input input-mono"
                type="text"
                autocomplete="off"
                spellcheck={false}
                onInput={(e) => props.onText(field.name, e.currentTarget.value)}
              />
            )
          }
        </Field>
      )}
    </For>
  )
}
