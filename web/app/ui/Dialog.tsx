import { onCleanup, onMount, type JSX } from 'solid-js'
import { keepTabInside } from './keepTabInside'

export interface DialogProps {
  /** Id of the element (usually the heading) that names the dialog. */
  labelledBy: string
  describedBy?: string
  /** Called for Escape, the browser's own close request, or a click on the backdrop. */
  onClose: () => void
  /** Where focus goes on close instead of the opener, e.g. when the action removed the opener. */
  returnFocus?: () => HTMLElement | null | undefined
  /** Where focus goes when the dialog closes and the element that opened it no longer exists. */
  fallbackFocus?: () => HTMLElement | null | undefined
  /** The element to focus on open; defaults to the first focusable element. */
  initialFocus?: () => HTMLElement | undefined
  class?: string
  children: JSX.Element
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal built on the native <dialog>: showModal() makes the rest of the page inert and gives the dialog
 * role. Mount it to open it and unmount it to close it; the parent owns the "is it open" state. Focus is
 * kept inside explicitly too, because the native modal lets Tab escape into the browser's own toolbar.
 */
export function Dialog(props: DialogProps) {
  let dialog!: HTMLDialogElement
  let unmounted = false
  let pressedOnBackdrop = false
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null

  onMount(() => {
    dialog.showModal()
    const target = props.initialFocus?.() ?? dialog.querySelector<HTMLElement>(FOCUSABLE)
    target?.focus()
  })

  onCleanup(() => {
    // close() queues a `close` event; by then this dialog is gone and must not close whatever opened next.
    unmounted = true
    if (dialog.open) dialog.close()
    const back = props.returnFocus?.() ?? (opener?.isConnected ? opener : props.fallbackFocus?.())
    const fallback = props.fallbackFocus
    queueMicrotask(() => back?.focus())
    // The list the opener lives in may re-render a frame later (router transitions) and take the focused
    // element with it; focus must not end up on <body>.
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) fallback?.()?.focus()
    })
  })

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null,
    )
    keepTabInside(event, focusable)
  }

  return (
    <dialog
      ref={dialog}
      class={`dialog ${props.class ?? ''}`}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      onKeyDown={onKeyDown}
      // Escape: keep the element open and let the parent decide, so that state and DOM never disagree.
      onCancel={(event) => {
        event.preventDefault()
        props.onClose()
      }}
      // Chrome may close without a cancellable `cancel` (repeated Escape without user activation).
      onClose={() => {
        if (!unmounted) props.onClose()
      }}
      // A press on the ::backdrop targets the <dialog> itself. Both ends of the click must be there: a text
      // selection dragged out of a field ends with a click on the dialog too, and must not discard the form.
      onPointerDown={(event) => (pressedOnBackdrop = event.target === dialog)}
      onClick={(event) => {
        if (pressedOnBackdrop && event.target === dialog) props.onClose()
        pressedOnBackdrop = false
      }}
    >
      <div class="dialog-body">{props.children}</div>
    </dialog>
  )
}
