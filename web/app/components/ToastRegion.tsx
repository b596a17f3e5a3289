import { createEffect, createSignal, For, onCleanup, type JSX } from 'solid-js'
import { dismissToast, toasts } from '../toasts/toastStore'
import { Toast } from './Toast'
import './toast.css'

/** The frame's phone width (AppFrame.tsx, appFrame.css), where the toasts are a row of the slim bar. */
const PHONE = '(max-width: 800px)'

/**
 * The one polite live region for transient messages. It is in the page from the start, because screen readers
 * announce changes inside an existing live region but often ignore a region that arrives already filled.
 * On a phone it shows one toast, the newest (issue 70: fourteen "… is ready" toasts filled the screen):
 * older news goes, and an older toast with something to do (Undo) waits and comes back when it goes.
 */
export function ToastRegion(props: { children?: JSX.Element }) {
  const query = window.matchMedia(PHONE)
  const [phone, setPhone] = createSignal(query.matches)
  const onChange = () => setPhone(query.matches)
  query.addEventListener('change', onChange)
  onCleanup(() => query.removeEventListener('change', onChange))
  const shown = () => (phone() ? toasts().slice(-1) : toasts())
  createEffect(() => {
    if (!phone()) return
    for (const toast of toasts().slice(0, -1)) if (!toast.action) dismissToast(toast.id)
  })

  return (
    <div
      class="toast-stack"
      role="status"
      aria-live="polite"
      aria-atomic="false"
      aria-relevant="additions text"
    >
      {props.children}
      <For each={shown()}>{(toast) => <Toast toast={toast} />}</For>
    </div>
  )
}
