import { For } from 'solid-js'
import { statusText } from '../openapi/statusText'
import { JsonBlock } from './JsonBlock'
import './operationPanel.css'
import './tryItForm.css'

export interface TriedResponse {
  status: number
  statusText: string
  headers: [string, string][]
  body: string
  durationMs: number
}

/** What a "Try it" request got back: status line, headers and body (pretty-printed when it is JSON). */
export function ResponseView(props: { response: TriedResponse }) {
  const tone = () => (props.response.status >= 500 ? 'error' : props.response.status >= 400 ? 'warn' : 'ok')
  const body = () => {
    if (!props.response.body) return '(empty body)'
    try {
      return JSON.stringify(JSON.parse(props.response.body), null, 2)
    } catch {
      return props.response.body
    }
  }

  return (
    <div class="response">
      <p class="response-status">
        <span class={`status-badge status-${tone()}`}>
          {props.response.status} {statusText(props.response.status, props.response.statusText)}
        </span>
        <span class="response-time">{Math.round(props.response.durationMs)} ms</span>
      </p>
      <h4 class="response-subtitle">Headers</h4>
      <dl class="response-headers">
        <For each={props.response.headers}>
          {([name, value]) => (
            <div class="header-row">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          )}
        </For>
      </dl>
      <h4 class="response-subtitle">Body</h4>
      <JsonBlock value={body()} label="Response body" />
    </div>
  )
}
