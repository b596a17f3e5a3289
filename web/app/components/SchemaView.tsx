import { createSignal, createUniqueId, For, Show } from 'solid-js'
import { schemaFields } from '../openapi/schemaFields'
import { ScrollTable } from '../ui/ScrollTable'
import { JsonBlock } from './JsonBlock'

/**
 * A request or response schema as people read one: a table of its fields (name, type, required,
 * description with its limits), a long regular expression folded behind its own "pattern" disclosure,
 * and the raw JSON Schema one toggle away for those who want it.
 */
export function SchemaView(props: { schema: unknown; label: string }) {
  const rawId = createUniqueId()
  const [raw, setRaw] = createSignal(false)
  const fields = () => schemaFields(props.schema)
  return (
    <div class="schema-view">
      <Show when={fields().length > 0} fallback={<p class="field-hint">No fields described.</p>}>
        <ScrollTable
          class="params schema-fields"
          label={`${props.label} fields`}
          columns={['Field', 'Type', 'Required', 'Description']}
        >
          <For each={fields()}>
            {(field) => (
              <tr>
                <th scope="row">
                  <code>{field.name}</code>
                </th>
                <td class="schema-type">{field.type}</td>
                <td>{field.required ? 'yes' : 'no'}</td>
                <td>
                  <Show when={field.description}>
                    <span class="schema-description">{field.description}</span>
                  </Show>
                  <Show when={field.constraints.length > 0}>
                    <span class="schema-constraints">{field.constraints.join('; ')}</span>
                  </Show>
                  <Show when={field.pattern}>
                    {(pattern) => (
                      <details class="schema-pattern">
                        <summary>pattern</summary>
                        <code>{pattern()}</code>
                      </details>
                    )}
                  </Show>
                </td>
              </tr>
            )}
          </For>
        </ScrollTable>
      </Show>
      <button
        type="button"
        class="button button-quiet button-small schema-raw-toggle"
        aria-expanded={raw()}
        aria-controls={rawId}
        onClick={() => setRaw((shown) => !shown)}
      >
        {/* A disclosure: its name stays, aria-expanded says whether the JSON shows. */}
        Raw JSON Schema
        <span class="visually-hidden"> ({props.label.toLowerCase()})</span>
      </button>
      <div id={rawId}>
        <Show when={raw()}>
          <JsonBlock value={props.schema} label={props.label} />
        </Show>
      </div>
    </div>
  )
}
