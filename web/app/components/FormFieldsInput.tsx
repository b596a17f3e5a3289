import { createUniqueId, For } from 'solid-js'
import type { FormField } from '../openapi/formFields'

export interface FormFieldsInputProps {
  fields: FormField[]
  onText: (name: string, value: string) => void
  onFiles: (name: string, files: File[]) => void
}

/** Inputs for a multipart/form-data body: a file picker per file part, a text box per text field. */
export function FormFieldsInput(props: FormFieldsInputProps) {
  return (
    <For each={props.fields}>
      {(field) => {
        const id = createUniqueId()
        return (
          <div class="field">
            <label class="field-label" for={id}>
              {field.name} <span class="field-tag">{field.file ? 'file' : 'form'}</span>
            </label>
            {field.file ? (
              <input
                id={id}
                class="input"
                type="file"
                multiple={field.multiple}
                aria-required={field.required ? true : undefined}
                onChange={(e) => props.onFiles(field.name, [...(e.currentTarget.files ?? [])])}
              />
            ) : (
              <input
                id={id}
                class="input input-mono"
                type="text"
                autocomplete="off"
                spellcheck={false}
                aria-required={field.required ? true : undefined}
                onInput={(e) => props.onText(field.name, e.currentTarget.value)}
              />
            )}
          </div>
        )
      }}
    </For>
  )
}
