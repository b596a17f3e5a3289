import { For, type JSX } from 'solid-js'
import { toasts } from '../toasts/toastStore'
import { Toast } from './Toast'
import './toast.css'

/**
 * The one polite live region for transient messages. It is in the page from the start, because screen readers
 * announce changes inside an existing live region but often ignore a region that arrives already filled.
 */
export function ToastRegion(props: { children?: JSX.Element }) {
  return (
    <div
      class="toast-stack"
      role="status"
      aria-live="polite"
      aria-atomic="false"
      aria-relevant="additions text"
    >
      {props.children}
      <For each={toasts()}>{(toast) => <Toast toast={toast} />}</For>
    </div>
  )
}
