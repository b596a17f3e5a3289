import { createStore, reconcile, unwrap } from 'solid-js/store'
import { addNotice, openNotices } from './noticeStore'
import { LONG_MESSAGE, shortLine } from './shortLine'

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
  /** What the toast is about (one collection's uploads): a newer message with the same key replaces it. */
  key?: string | undefined
  /** Counts the times it was replaced: each new message gets its full time again. */
  version: number
}

export interface ToastInput {
  message: string
  action?: ToastAction | undefined
  durationMs?: number
  key?: string
  /** False: never a notice, however long (the caller keeps what matters elsewhere). */
  notice?: false
}

/** More than three at once is noise; the oldest ones go first. A phone shows only the newest (toast.css). */
const KEPT = 3

/**
 * App-wide so that a toast outlives the page that raised it: an "Undo" offered on the Collections page stays
 * usable if the person navigates to the API explorer straight after deleting. A store reconciled by id, so
 * that a toast replaced under its key is updated where it stands rather than drawn anew.
 */
const [state, setState] = createStore<{ toasts: ToastMessage[] }>({ toasts: [] })
let nextId = 1

export const toasts = (): readonly ToastMessage[] => state.toasts

function put(next: ToastMessage[]): void {
  setState('toasts', reconcile(next.slice(-KEPT), { key: 'id' }))
}

/**
 * Shows a message for a few seconds. A long one (over 80 characters: a reason, a warning with advice) is
 * a notice: the toast says its first words, with "Read" opening the Notices list that keeps all of it.
 */
export function showToast(toast: ToastInput): number {
  const long = toast.notice !== false && toast.message.length > LONG_MESSAGE
  if (long) addNotice({ title: shortLine(toast.message), text: toast.message })
  const message = long ? shortLine(toast.message) : toast.message
  const action = toast.action ?? (long ? { label: 'Read', run: openNotices } : undefined)
  const current = unwrap(state.toasts)
  const same = toast.key === undefined ? undefined : current.find((item) => item.key === toast.key)
  const id = same?.id ?? nextId++
  const shown: ToastMessage = {
    durationMs: toast.durationMs ?? 5000,
    key: toast.key,
    message,
    action,
    id,
    version: (same?.version ?? 0) + 1,
  }
  // A replaced toast moves to the end: it is the newest news, the one a phone shows.
  put([...current.filter((item) => item.id !== id), shown])
  return id
}

export function dismissToast(id: number): void {
  put(unwrap(state.toasts).filter((toast) => toast.id !== id))
}
