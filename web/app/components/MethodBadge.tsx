import type { HttpMethod } from '../openapi/OpenApiDocument'
import './operationPanel.css'

/** The HTTP method as a coloured badge; the colour is decoration, the text carries the meaning. */
export function MethodBadge(props: { method: HttpMethod }) {
  return <span class={`method-badge method-${props.method}`}>{props.method.toUpperCase()}</span>
}
