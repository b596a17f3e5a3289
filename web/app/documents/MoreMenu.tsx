import { createSignal, createUniqueId, onCleanup, type JSX } from 'solid-js'
import './moreMenu.css'

/**
 * "More": a button that opens a small panel of what does not fit a phone's bar (the document dialog's
 * Download and Rename). The panel is always in the page, hidden while closed, so what was typed in it
 * stays. Opening moves focus into it; Escape closes it (not the dialog around it) and focus goes back to
 * the button; a press outside closes it too.
 */
export function MoreMenu(props: { children: JSX.Element }) {
  const id = createUniqueId()
  const [open, setOpen] = createSignal(false)
  let wrapper!: HTMLDivElement
  let button!: HTMLButtonElement
  let panel!: HTMLDivElement

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) button.focus()
  }
  const toggle = () => {
    const next = !open()
    setOpen(next)
    if (next) panel.querySelector<HTMLElement>('button, input, a[href]')?.focus()
  }
  const onOutside = (event: PointerEvent) => {
    if (open() && event.target instanceof Node && !wrapper.contains(event.target)) close(false)
  }
  document.addEventListener('pointerdown', onOutside)
  onCleanup(() => document.removeEventListener('pointerdown', onOutside))

  return (
    <div
      ref={wrapper}
      class="more-menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open()) return
        event.preventDefault()
        event.stopPropagation()
        close(true)
      }}
    >
      <button
        ref={button}
        type="button"
        class="button button-small more-menu-button"
        aria-expanded={open()}
        aria-controls={id}
        onClick={toggle}
      >
        More
      </button>
      <div ref={panel} id={id} class="more-menu-panel" hidden={!open()}>
        {props.children}
      </div>
    </div>
  )
}
