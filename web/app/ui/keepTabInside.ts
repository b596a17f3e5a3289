/**
 * Tab from the last of `focusable` goes to the first, Shift+Tab from the first to the last: focus stays
 * inside a modal (a dialog, the phone drawer). The native modal lets Tab escape into the browser's own
 * toolbar, so the wrap is done by hand. Other keys, and Tab between the ends, are left to the browser.
 */
export function keepTabInside(event: KeyboardEvent, focusable: readonly HTMLElement[]): void {
  if (event.key !== 'Tab') return
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}
