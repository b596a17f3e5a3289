import { createEffect, createSignal, on, onCleanup, onMount, type Accessor } from 'solid-js'

export interface FollowScroll {
  /** The list's scroll handler. */
  onScroll: () => void
  /** False while the reader has scrolled up away from the end (the thread offers "Newest" then). */
  following: Accessor<boolean>
  /** Back to the end, and following again (the person sent a question, or pressed "Newest"). */
  toEnd: () => void
}

/** How near the end, in pixels, still counts as at the end (a last line half in view). */
const NEAR_END = 48

/**
 * Keeps a growing list scrolled to its end whenever `changes` change, unless the reader has scrolled
 * up to read something earlier.
 */
export function createFollowScroll(list: () => HTMLElement, changes: () => unknown): FollowScroll {
  const [following, setFollowing] = createSignal(true)
  // Set while this code moves the list, so the scroll event that follows is not taken for the reader's.
  let moving = false
  const toEnd = () => {
    const element = list()
    // No scroll event comes when it is already at the end: a flag left set would swallow the reader's next.
    moving = element.scrollTop < element.scrollHeight - element.clientHeight - 1
    element.scrollTop = element.scrollHeight
    setFollowing(true)
  }
  createEffect(
    on(changes, () => {
      if (following()) toEnd()
    }),
  )
  // The box itself changing size (a phone turned, its keyboard opening, a source panel beside it) keeps a
  // following reader at the end too.
  onMount(() => {
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (following()) toEnd()
    })
    observer.observe(list())
    onCleanup(() => observer.disconnect())
  })
  return {
    onScroll: () => {
      const element = list()
      const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_END
      if (moving) {
        moving = false
        if (!atEnd) return
      }
      setFollowing(atEnd)
    },
    following,
    toEnd,
  }
}
