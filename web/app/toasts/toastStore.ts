import { createSignal } from 'solid-js'

export interface ToastAction {
  label: string
  run: () => void | Promise<void>
}

export interface ToastMessage {
  id: number
  message: string
  action?: ToastAction | undefined
  /** Milliseconds before it goes away on its own; the timer pauses while the toast is hovered or focused. */
  durationMs: number
}

/**
 * App-wide so that a toast outlives the page that raised it: an "Undo" offered on the Collections page stays
 * usable if the person navigates to the API explorer straight after deleting.
 */
const [toasts, setToasts] = createSignal<readonly ToastMessage[]>([])
let nextId = 1

export { toasts }

export function showToast(toast: Omit<ToastMessage, 'id' | 'durationMs'> & { durationMs?: number }): number {
  const id = nextId++
  // More than three at once is noise; the oldest ones go first.
  setToasts((current) => [...current, { durationMs: 5000, ...toast, id }].slice(-3))
  return id
}

export function dismissToast(id: number): void {
  setToasts((current) => current.filter((toast) => toast.id !== id))
}
