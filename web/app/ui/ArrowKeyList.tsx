import { onCleanup, onMount, splitProps, type JSX } from 'solid-js'
import { arrowKeyStep } from './arrowKeyStep'

export type ArrowKeyListProps = Omit<JSX.HTMLAttributes<HTMLUListElement>, 'children'> & {
  /** Items drawn side by side in rows (a card grid): Left and Right step, Up and Down change row. */
  grid?: boolean
  /** The `<li>` items, usually a `<For>`; each item's first link or button is where the keys put focus. */
  children: JSX.Element
}

/** What can take focus in an item: the item's target first, then its row actions. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]'
/** Set on an element this list took out of the Tab order: its own tabindex before ('' for none). */
const SAVED = 'data-list-tabindex'
/** Controls that use the arrow keys themselves (a caret, a choice of options, radios). */
const OWN_ARROWS = 'input, select, textarea, [contenteditable]:not([contenteditable="false"])'

/**
 * A list of things a person picks from (chats, collections, modules) that the arrow keys move through,
 * with one Tab stop for the whole list: Down and Up go to the next and previous item, Home and End to
 * the first and last (in a `grid`, Left and Right step and Up and Down change row). Enter and Space are
 * left to the item: a link is followed, a button pressed. The items stay what they are (a list of links
 * is a list of links, in a `<nav>` where it navigates), so this adds keys and claims no widget role.
 *
 * The Tab stop (roving tabindex) is the item focused last, else the current one (holding an element with
 * `aria-current`), else the first. Only that item's links and buttons are in the Tab order: Tab goes from
 * its target into its row actions (Rename, Delete) and then out of the list; the other items' take
 * tabindex -1 and get their own back when their item becomes the stop. Items are found in the DOM, so
 * they may change in any way (a reload, a filter, a row gaining a button) and the list follows.
 */
export function ArrowKeyList(props: ArrowKeyListProps) {
  const [own, rest] = splitProps(props, ['grid', 'children'])
  let list!: HTMLUListElement
  // The item focused last; forgotten when the current item changes, so the stop follows it.
  let active: HTMLElement | undefined

  const items = () => [...list.children].filter((child): child is HTMLElement => child instanceof HTMLElement)

  /** The list's item holding `node`, whatever depth it is at (an item may hold a list of its own). */
  const itemOf = (node: EventTarget | null): HTMLElement | undefined => {
    let element = node instanceof Element ? node : null
    while (element && element.parentElement !== list) element = element.parentElement
    return element instanceof HTMLElement ? element : undefined
  }

  /** Its focusable elements, those taken out of the Tab order here included; none the app set to -1. */
  const focusablesOf = (item: HTMLElement) =>
    [...item.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.getAttribute('tabindex') !== '-1' || element.hasAttribute(SAVED),
    )

  const isCurrent = (item: HTMLElement) =>
    item.querySelector('[aria-current]:not([aria-current="false"])') !== null

  /** Puts the stop's elements in the Tab order and takes every other item's out. */
  const placeStop = () => {
    const all = items()
    const focused = list.contains(document.activeElement) ? itemOf(document.activeElement) : undefined
    if (focused) active = focused
    if (active && !all.includes(active)) active = undefined
    const stop = active ?? all.find(isCurrent) ?? all[0]
    for (const item of all) {
      for (const element of focusablesOf(item)) {
        if (item === stop) giveBack(element)
        else takeOut(element)
      }
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    if (event.target instanceof Element && event.target.closest(OWN_ARROWS)) return
    // Items with nothing to focus (a heading row, say) are stepped over.
    const reachable = items().filter((item) => focusablesOf(item).length > 0)
    const from = itemOf(event.target)
    const places = own.grid
      ? reachable.map((item) => {
          const box = item.getBoundingClientRect()
          return { top: box.top, centre: box.left + box.width / 2 }
        })
      : undefined
    const to = arrowKeyStep(event.key, from ? reachable.indexOf(from) : -1, reachable.length, places)
    if (to === undefined) return
    event.preventDefault()
    const item = reachable[to]
    // Focusing it makes it the stop (focusin).
    if (item && item !== from) focusablesOf(item)[0]?.focus()
  }

  onMount(() => {
    placeStop()
    const observer = new MutationObserver((records) => {
      if (records.some((record) => record.attributeName === 'aria-current')) active = undefined
      placeStop()
    })
    // Not `tabindex` nor SAVED: those are this list's own changes, which must not call it again.
    observer.observe(list, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-current', 'href', 'disabled'],
    })
    onCleanup(() => observer.disconnect())
  })

  return (
    <ul
      {...rest}
      ref={list}
      onKeyDown={onKeyDown}
      onFocusIn={(event) => {
        active = itemOf(event.target)
        placeStop()
      }}
    >
      {own.children}
    </ul>
  )
}

function takeOut(element: HTMLElement) {
  if (element.hasAttribute(SAVED)) return
  element.setAttribute(SAVED, element.getAttribute('tabindex') ?? '')
  element.setAttribute('tabindex', '-1')
}

function giveBack(element: HTMLElement) {
  const saved = element.getAttribute(SAVED)
  if (saved === null) return
  element.removeAttribute(SAVED)
  if (saved === '') element.removeAttribute('tabindex')
  else element.setAttribute('tabindex', saved)
}
