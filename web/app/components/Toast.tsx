import { createEffect, createSignal, on, onCleanup, onMount, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { dismissToast, showToast, type ToastMessage } from '../toasts/toastStore'
import './toast.css'

export interface ToastProps {
  toast: ToastMessage
}

/**
 * One notification. A toast with an action stops its timer while the pointer or keyboard focus is on it
 * (WCAG 2.2.1: someone who needs longer than eight seconds to reach "Undo" still gets there) and restarts
 * with the time that was left. A toast replaced under its key (a batch's "3 of 14 ready") gets its full
 * time again with each new message.
 */
export function Toast(props: ToastProps) {
  const [busy, setBusy] = createSignal(false)
  let element!: HTMLDivElement
  let remaining = props.toast.durationMs
  let startedAt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let hovered = false
  let focused = false

  // Only a toast with something to do waits for the person; a plain message must not linger under a pointer
  // that merely passes over it (and hide what lies beneath).
  const holds = () => props.toast.action !== undefined && (hovered || focused)
  const start = () => {
    if (timer !== undefined || holds() || !Number.isFinite(remaining)) return
    startedAt = Date.now()
    timer = setTimeout(() => dismissToast(props.toast.id), remaining)
  }
  const pause = () => {
    if (timer === undefined || !holds()) return
    clearTimeout(timer)
    timer = undefined
    remaining = Math.max(1000, remaining - (Date.now() - startedAt))
  }

  onMount(start)
  onCleanup(() => clearTimeout(timer))
  createEffect(
    on(
      () => props.toast.version,
      () => {
        clearTimeout(timer)
        timer = undefined
        remaining = props.toast.durationMs
        start()
      },
      { defer: true },
    ),
  )

  const runAction = async () => {
    const action = props.toast.action
    if (!action || busy()) return
    setBusy(true)
    // The toast is about to disappear; focus must not fall back to <body>.
    const hadFocus = element.contains(document.activeElement)
    try {
      await action.run()
    } catch (error) {
      showToast({ message: errorDetail(error) })
    } finally {
      dismissToast(props.toast.id)
      if (hadFocus) document.getElementById('main')?.focus()
    }
  }

  return (
    <div
      ref={element}
      class="toast"
      onPointerEnter={() => {
        hovered = true
        pause()
      }}
      onPointerLeave={() => {
        hovered = false
        start()
      }}
      onFocusIn={() => {
        focused = true
        pause()
      }}
      onFocusOut={(event) => {
        if (element.contains(event.relatedTarget as Node | null)) return
        focused = false
        start()
      }}
    >
      {/* One line on a phone (toast.css): the whole message stays its title, and what a reader hears. */}
      <p class="toast-message" title={props.toast.message}>
        {props.toast.message}
      </p>
      <Show when={props.toast.action}>
        {(action) => (
          <button
            type="button"
            class="button button-small toast-action"
            aria-disabled={busy()}
            onClick={() => void runAction()}
          >
            {action().label}
          </button>
        )}
      </Show>
      <button
        type="button"
        class="button button-small button-quiet toast-close"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(props.toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
