import { Show } from 'solid-js'

/**
 * What the last attempt of a form got wrong, announced as it appears (role="alert"). Nothing is rendered
 * without a message, so a stale alert is never read. `id` and `ref` let a form point a field at it
 * (aria-describedby) and move focus to it (with `focusable`, tabindex -1: reachable by script, not by Tab).
 */
export function FormAlert(props: {
  message: string | null | undefined
  id?: string
  focusable?: boolean
  ref?: (element: HTMLParagraphElement) => void
}) {
  return (
    <Show when={props.message}>
      <p
        ref={(element) => props.ref?.(element)}
        id={props.id}
        class="form-alert"
        role="alert"
        tabindex={props.focusable ? '-1' : undefined}
      >
        {props.message}
      </p>
    </Show>
  )
}
