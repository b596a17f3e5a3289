import { createEffect, createSignal, createUniqueId, For, Match, Show, Switch } from 'solid-js'
import {
  fieldLabel,
  initialValue,
  storedValue,
  validateConfig,
  type ConfigFieldSpec,
} from './configValidation'
import { missingOptionMessage } from '../builtins/optionSources'

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
            const id = `${formId}-field-${name}`
            const hint = `${id}-hint`
            const errorId = `${id}-error`
            const error = () => errors()[name]
            const describedBy = () =>
              [field.description ? hint : '', error() ? errorId : ''].filter(Boolean).join(' ') || undefined
            const text = () => String(values()[name] ?? '')
            const missing = () => missingOptionMessage(field, values()[name])
            const common = () => ({
              id,
              name,
              'aria-invalid': error() ? ('true' as const) : undefined,
              'aria-describedby': describedBy(),
            })
            return (
              <div class="field">
                <Switch
                  fallback={
                    <>
                      <label class="field-label" for={id}>
                        {fieldLabel(name, field)}
                      </label>
                      <input
                        {...common()}
                        class="input"
                        type={
                          field.type === 'color'
                            ? 'color'
                            : field.type === 'date'
                              ? 'date'
                              : field.type === 'time'
                                ? 'time'
                                : field.type === 'number'
                                  ? 'number'
                                  : 'text'
                        }
                        value={text()}
                        placeholder={field.placeholder ?? undefined}
                        min={field.min ?? undefined}
                        max={field.max ?? undefined}
                        step={field.step ?? undefined}
                        onInput={(event) => set(name, event.currentTarget.value)}
                      />
                    </>
                  }
                >
                  <Match when={field.type === 'boolean'}>
                    <label class="designer-check" for={id}>
                      <input
                        {...common()}
                        type="checkbox"
                        checked={values()[name] === true}
                        onChange={(event) => set(name, event.currentTarget.checked)}
                      />
                      <span class="field-label">{fieldLabel(name, field)}</span>
                    </label>
                  </Match>
                  <Match when={field.type === 'select'}>
                    <label class="field-label" for={id}>
                      {fieldLabel(name, field)}
                    </label>
                    <select
                      {...common()}
                      aria-invalid={error() || missing() ? 'true' : undefined}
                      aria-describedby={
                        [describedBy(), missing() && !error() ? `${id}-missing` : '']
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                      class="input"
                      onChange={(event) => set(name, event.currentTarget.value)}
                    >
                      {/* A value whose record is gone (a deleted collection) stays shown, and says so. */}
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
                    </select>
                    <Show when={!error() && missing()}>
                      {(message) => (
                        <p id={`${id}-missing`} class="field-error">
                          {message()}
                        </p>
                      )}
                    </Show>
                  </Match>
                  <Match when={field.type === 'textarea'}>
                    <label class="field-label" for={id}>
                      {fieldLabel(name, field)}
                    </label>
                    <textarea
                      {...common()}
                      class="input textarea"
                      rows={field.rows ?? 3}
                      placeholder={field.placeholder ?? undefined}
                      value={text()}
                      onInput={(event) => set(name, event.currentTarget.value)}
                    />
                  </Match>
                </Switch>
                <Show when={field.description}>
                  <p id={hint} class="field-hint">
                    {field.description}
                  </p>
                </Show>
                <Show when={error()}>
                  <p id={errorId} class="field-error">
                    {error()}
                  </p>
                </Show>
              </div>
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
