import { createEffect, createSignal, createUniqueId, For, Match, Show, Switch } from 'solid-js'
import {
  fieldLabel,
  initialValue,
  storedValue,
  validateConfig,
  type ConfigFieldSpec,
} from './configValidation'
import { missingOptionMessage } from '../builtins/optionSources'
import { Field } from '../ui/Field'
import { SelectField } from '../ui/SelectField'
import { TextareaField } from '../ui/TextareaField'
import { TextField } from '../ui/TextField'

/** The input type for a field drawn as an `<input>`; the types the manifest shares with HTML keep theirs. */
const inputType = (type: string) => (['color', 'date', 'time', 'number'].includes(type) ? type : 'text')

/**
 * The selected module's settings, one control per `config_fields` entry (its type, limits and default);
 * Apply checks every value and names what does not fit next to its field.
 */
export function ConfigPanel(props: {
  moduleLabel: string
  fields: Readonly<Record<string, ConfigFieldSpec>>
  config: Readonly<Record<string, unknown>>
  onApply: (config: Record<string, unknown>) => void
}) {
  const formId = createUniqueId()
  const [values, setValues] = createSignal<Record<string, unknown>>({})
  const [errors, setErrors] = createSignal<Record<string, string>>({})
  let form!: HTMLFormElement

  // Back to the module's configuration whenever it changes (another module, undo, redo).
  createEffect(() => {
    const fields = props.fields
    const config = props.config
    setValues(
      Object.fromEntries(
        Object.entries(fields).map(([name, field]) => [name, initialValue(field, config[name])]),
      ),
    )
    setErrors({})
  })

  const set = (name: string, value: unknown) => setValues((current) => ({ ...current, [name]: value }))

  const apply = (event: SubmitEvent) => {
    event.preventDefault()
    const found = validateConfig(props.fields, values())
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first) {
      form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus()
      return
    }
    const config: Record<string, unknown> = { ...props.config }
    for (const [name, field] of Object.entries(props.fields))
      config[name] = storedValue(field, values()[name])
    props.onApply(config)
  }

  const entries = () => Object.entries(props.fields)

  return (
    <form ref={form} class="designer-config" aria-labelledby={`${formId}-title`} onSubmit={apply} novalidate>
      <h2 id={`${formId}-title`} class="designer-panel-title">
        Configure {props.moduleLabel}
      </h2>
      <Show when={entries().length > 0} fallback={<p class="field-hint">This module has no settings.</p>}>
        <For each={entries()}>
          {([name, field]) => {
            // A stable id (not a unique one): the field, its hint and its error are `<id>`, `-hint`, `-error`.
            const id = `${formId}-field-${name}`
            const label = fieldLabel(name, field)
            const text = () => String(values()[name] ?? '')
            const missing = () => missingOptionMessage(field, values()[name])
            // A value whose record is gone (a deleted collection) is the field's error until Apply finds one.
            const error = () => errors()[name] ?? missing()
            return (
              <Switch
                fallback={
                  <TextField
                    id={id}
                    label={label}
                    hint={field.description}
                    error={error()}
                    name={name}
                    type={inputType(field.type)}
                    value={text()}
                    placeholder={field.placeholder ?? undefined}
                    min={field.min ?? undefined}
                    max={field.max ?? undefined}
                    step={field.step ?? undefined}
                    onInput={(event) => set(name, event.currentTarget.value)}
                  />
                }
              >
                <Match when={field.type === 'boolean'}>
                  <Field
                    id={id}
                    label={<span class="field-label">{label}</span>}
                    hint={field.description}
                    error={error()}
                    choice
                  >
                    {(control) => (
                      <input
                        {...control}
                        name={name}
                        type="checkbox"
                        checked={values()[name] === true}
                        onChange={(event) => set(name, event.currentTarget.checked)}
                      />
                    )}
                  </Field>
                </Match>
                <Match when={field.type === 'select'}>
                  <SelectField
                    id={id}
                    label={label}
                    hint={field.description}
                    error={error()}
                    name={name}
                    onChange={(event) => set(name, event.currentTarget.value)}
                  >
                    {/* The gone value stays chosen, and says so. */}
                    <Show when={missing()}>
                      <option value={text()} selected>
                        No longer exists ({text()})
                      </option>
                    </Show>
                    <For each={field.options ?? []}>
                      {(option) => (
                        <option value={String(option.value)} selected={String(option.value) === text()}>
                          {option.label}
                        </option>
                      )}
                    </For>
                  </SelectField>
                </Match>
                <Match when={field.type === 'textarea'}>
                  <TextareaField
                    id={id}
                    label={label}
                    hint={field.description}
                    error={error()}
                    name={name}
                    rows={field.rows ?? 3}
                    placeholder={field.placeholder ?? undefined}
                    value={text()}
                    onInput={(event) => set(name, event.currentTarget.value)}
                  />
                </Match>
              </Switch>
            )
          }}
        </For>
        <button type="submit" class="button button-primary">
          Apply settings
        </button>
      </Show>
    </form>
  )
}
