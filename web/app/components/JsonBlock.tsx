import './operationPanel.css'

export interface JsonBlockProps {
  value: unknown
  /** Names the block for assistive tech, e.g. "Request body schema". */
  label: string
}

/**
 * Pretty-printed JSON. Focusable, because a wide block scrolls sideways and keyboard users must be able to
 * scroll it too.
 */
export function JsonBlock(props: JsonBlockProps) {
  const text = () => (typeof props.value === 'string' ? props.value : JSON.stringify(props.value, null, 2))
  return (
    <pre class="code-block" tabindex="0" role="group" aria-label={props.label}>
      <code>{text()}</code>
    </pre>
  )
}
