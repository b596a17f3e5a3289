import { For, Show } from 'solid-js'
import type { OperationEntry } from '../openapi/listOperations'
import type { OpenApiDocument } from '../openapi/OpenApiDocument'
import { resolveRefs } from '../openapi/resolveRefs'
import { ScrollTable } from '../ui/ScrollTable'
import { DescriptionText } from './DescriptionText'
import { MethodBadge } from './MethodBadge'
import { SchemaView } from './SchemaView'
import { TryItForm } from './TryItForm'
import './operationPanel.css'

export interface OperationPanelProps {
  entry: OperationEntry
  document: OpenApiDocument
}

const schemaType = (schema: unknown): string => {
  if (!schema || typeof schema !== 'object') return ''
  const s = schema as { type?: unknown; format?: unknown }
  const type = Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : ''
  return typeof s.format === 'string' ? `${type} (${s.format})` : type
}

/**
 * One endpoint, collapsed to its method, path and summary until opened. Native <details>: keyboard and
 * screen-reader behaviour (a disclosure button with expanded state) come with the element.
 */
export function OperationPanel(props: OperationPanelProps) {
  const op = () => props.entry.operation
  const requestSchema = () => op().requestBody?.content?.['application/json']?.schema
  const responses = () => Object.entries(op().responses ?? {})

  return (
    <details class="operation" id={`op-${props.entry.key}`}>
      <summary class="operation-summary">
        <MethodBadge method={props.entry.method} />
        <code class="operation-path">{props.entry.path}</code>
        <span class="operation-title">{op().summary}</span>
      </summary>
      <div class="operation-body">
        <Show when={op().description}>
          {(description) => <DescriptionText class="operation-description" source={description()} />}
        </Show>

        <Show when={(op().parameters ?? []).length > 0}>
          <h3 class="operation-section">Parameters</h3>
          <ScrollTable class="params" columns={['Name', 'In', 'Type', 'Required']}>
            <For each={op().parameters}>
              {(p) => (
                <tr>
                  <td>
                    <code>{p.name}</code>
                    <Show when={p.description}>
                      <span class="param-description">{p.description}</span>
                    </Show>
                  </td>
                  <td>{p.in}</td>
                  <td>{schemaType(resolveRefs(p.schema, props.document))}</td>
                  <td>{p.required ? 'yes' : 'no'}</td>
                </tr>
              )}
            </For>
          </ScrollTable>
        </Show>

        <Show when={requestSchema()}>
          {(schema) => (
            <>
              <h3 class="operation-section">
                Request body <span class="content-type">application/json</span>
              </h3>
              <SchemaView schema={resolveRefs(schema(), props.document)} label="Request body schema" />
            </>
          )}
        </Show>

        <h3 class="operation-section">Responses</h3>
        <ul class="responses" role="list">
          <For each={responses()}>
            {([status, response]) => {
              const schema = response.content?.['application/json']?.schema
              return (
                <li class="response-item">
                  <p>
                    <span class={`status-badge status-${status.startsWith('2') ? 'ok' : 'warn'}`}>
                      {status}
                    </span>{' '}
                    {response.description}
                  </p>
                  <Show when={schema}>
                    <SchemaView
                      schema={resolveRefs(schema, props.document)}
                      label={`Response ${status} schema`}
                    />
                  </Show>
                </li>
              )
            }}
          </For>
        </ul>

        <h3 class="operation-section">Try it</h3>
        <TryItForm entry={props.entry} document={props.document} />
      </div>
    </details>
  )
}
